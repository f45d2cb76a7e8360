import Contacts
import Foundation
import ExtensionProtocol

/// How the SDK's classes archive themselves with `NSKeyedArchiver` (`NSSecureCoding`) and copy
/// themselves (`NSCopying`): an object is archived as its wire form, the `IntentValue`,
/// `IntentPayload` or `ResponsePayload` that carries it across the process boundary, in the
/// wire coding's bytes under one key, so that every class archives exactly what it sends to the
/// host and reads an archive with the same checks as a request from the host.
///
/// A few things an object keeps in the process and never sends (a person's name components and
/// image, a handle's label, an object's subtitle) are archived beside it under their own keys.
/// Values nested in an archived object come back as they would after one crossing: date
/// components keep year to minute, a speakable string made with `init(spokenPhrase:)` gets its
/// phrase as vocabulary identifier, and what never crosses (an `INMediaItem`'s artwork, an
/// `INSendMessageIntent`'s attachments) is not archived.
///
/// Everything is written inline (`encodeInlineBytes(_:forKey:)`, `encodeInlineString(_:forKey:)`)
/// and read with no class lookup, since swift-corelibs-foundation traps on an object of a class
/// it was not asked for. Reading never traps: bytes that are not a value of the right kind, or a missing key, make
/// `init?(coder:)` fail the coder (`NSCoder.failWithError(_:)` when its policy allows) and return
/// nil, which `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` reports as a thrown
/// `CocoaError(.coderReadCorrupt)`.
enum IntentArchive {
    /// The key of the wire form's bytes.
    static let wireKey = "INWireForm"
    /// The key of the archive format's version, so that a later SDK can read today's archives.
    static let versionKey = "INArchiveVersion"
    /// This SDK's format.
    static let version = 1

    /// Writes `value`'s wire bytes (and the format's version) into a keyed coder.
    static func encode(_ value: some WireCodable, into coder: NSCoder, forKey key: String = wireKey) {
        guard coder.allowsKeyedCoding else { return }
        coder.encode(version, forKey: versionKey)
        coder.encodeInlineBytes(value.wireBytes, forKey: key)
    }

    /// Reads a value written by `encode(_:into:forKey:)`; nil, with the coder failed, when the key
    /// is missing, the version is newer than this SDK's or the bytes are not one `Value`.
    static func decode<Value: WireCodable>(_ type: Value.Type, from coder: NSCoder, forKey key: String = wireKey,
                                           of owner: AnyClass) -> Value? {
        guard coder.allowsKeyedCoding else {
            fail(coder, "\(owner) archives only with a keyed coder (NSKeyedArchiver).")
            return nil
        }
        let archived = coder.containsValue(forKey: versionKey) ? coder.decodeInteger(forKey: versionKey) : 0
        guard archived >= 1, archived <= version else {
            fail(coder, "The archive of \(owner) has format version \(archived); this SDK reads version \(version).")
            return nil
        }
        // Inline bytes, read with no class lookup: corelibs traps on an object of an unexpected class.
        guard let bytes = coder.decodeInlineBytes(forKey: key) else {
            fail(coder, "The archive of \(owner) has no \(key).")
            return nil
        }
        do {
            return try Value(wireBytes: bytes)
        } catch {
            fail(coder, "The archive of \(owner) is corrupt: \(error)")
            return nil
        }
    }

    /// Reads an object's `IntentValue` and makes it with `fromIntentValue(_:)`: how the classes
    /// whose every property crosses the boundary read themselves back.
    static func decodeObject<Object: NSObject & IntentValueCodable>(_ type: Object.Type, from coder: NSCoder) -> Object? {
        guard let value = decode(IntentValue.self, from: coder, of: Object.self) else { return nil }
        guard let made = Object.fromIntentValue(value) else {
            fail(coder, "The archive of \(Object.self) holds a value of another kind: \(value.displayString)")
            return nil
        }
        return made
    }

    /// Writes a string beside the wire form; nothing for nil.
    static func encode(_ text: String?, forKey key: String, into coder: NSCoder) {
        coder.encodeInlineString(text, forKey: key)
    }

    /// A string beside the wire form (a handle's label, an object's subtitle); nil when absent.
    static func string(forKey key: String, from coder: NSCoder) -> String? {
        coder.decodeInlineString(forKey: key)
    }

    /// Fails `coder` with `CocoaError(.coderReadCorrupt)` when its policy returns errors (a coder
    /// whose policy raises would trap); the caller then returns nil.
    static func fail(_ coder: NSCoder, _ description: String) {
        guard coder.decodingFailurePolicy == .setErrorAndReturn else { return }
        coder.failWithError(CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: description]))
    }
}

/// Linux addition: swift-corelibs-foundation has no `unarchivedArrayOfObjects(ofClass:from:)`,
/// which apps use to read back an array of the SDK's objects (`[INTask]`).
extension NSKeyedUnarchiver {
    /// Reads an array whose elements are all of class `cls` (or its subclasses) from a secure
    /// keyed archive, as Apple's method of the same name does.
    ///
    /// - Parameters:
    ///   - cls: The class of the elements; it must conform to `NSSecureCoding`.
    ///   - data: An archive from `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding:)`.
    /// - Returns: The elements, or nil when the archive's root is nil.
    /// - Throws: The unarchiver's error for bytes that are not an archive or an element that fails
    ///   to decode; `CocoaError(.coderReadCorrupt)` when the root is not an array of `cls`.
    ///   swift-corelibs-foundation traps, rather than throws, on an element of a class other
    ///   than `cls` that exists in the process.
    public static func unarchivedArrayOfObjects<DecodedObjectType>(ofClass cls: DecodedObjectType.Type,
                                                                   from data: Data) throws -> [DecodedObjectType]?
    where DecodedObjectType: NSObject, DecodedObjectType: NSCoding {
        // corelibs decodes an array that holds itself, or arrays nested thousands deep, by
        // recursing until the stack overflows: such archives are refused before decoding.
        if let problem = ArchiveShapeCheck.problem(in: data) {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: problem])
        }
        guard let root = try unarchivedObject(ofClasses: [NSArray.self, cls], from: data) else { return nil }
        guard let array = root as? [DecodedObjectType] else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "The archive's root is not an array of \(cls)."])
        }
        return array
    }
}

/// Checks the object graph of a keyed archive before corelibs decodes it: no object may refer,
/// through the objects it holds, back to itself, and no chain of references may be deeper than
/// `maximumDepth`; corelibs would recurse on either until the stack overflows.
enum ArchiveShapeCheck {
    static let maximumDepth = 64

    /// Why `data` cannot be decoded safely, or nil when its graph is acyclic and shallow; bytes
    /// that are not a keyed archive are left to the unarchiver, which refuses them.
    static func problem(in data: Data) -> String? {
        guard let archive = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = archive["$objects"] as? [Any], let top = archive["$top"] as? [String: Any] else { return nil }
        // The references each object holds: UIDs among its values, and inside its arrays.
        func references(of object: Any) -> [Int] {
            guard let fields = object as? [AnyHashable: Any] else { return [] }
            return fields.filter { $0.key as? String != "$class" }.values.flatMap { value -> [Int] in
                if let list = value as? [Any] { return list.compactMap(uid) }
                return uid(value).map { [$0] } ?? []
            }
        }
        enum Mark { case open, done }
        var marks: [Int: Mark] = [:]
        // Depth-first, iteratively: (object, depth, next reference to visit).
        for root in top.values.compactMap(uid) {
            var stack: [(index: Int, depth: Int, children: [Int])] = []
            func enter(_ index: Int, _ depth: Int) -> String? {
                guard index >= 0, index < objects.count else { return nil }
                switch marks[index] {
                case .open: return "The archive's object \(index) holds itself."
                case .done: return nil
                case nil: break
                }
                guard depth <= maximumDepth else { return "The archive nests objects more than \(maximumDepth) deep." }
                marks[index] = .open
                stack.append((index, depth, references(of: objects[index])))
                return nil
            }
            if let problem = enter(root, 0) { return problem }
            while !stack.isEmpty {
                if let next = stack[stack.count - 1].children.popLast() {
                    if let problem = enter(next, stack[stack.count - 1].depth + 1) { return problem }
                } else {
                    marks[stack.removeLast().index] = .done
                }
            }
        }
        return nil
    }

    /// The object number a keyed archive's reference (corelibs' `_NSKeyedArchiverUID`) holds.
    private static func uid(_ value: Any) -> Int? {
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let number = child.value as? UInt32 { return Int(number) }
            if let number = child.value as? Int { return number }
            if let number = child.value as? UInt64 { return Int(exactly: number) }
        }
        return nil
    }
}
