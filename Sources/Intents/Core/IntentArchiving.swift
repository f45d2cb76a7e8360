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
/// Reading never traps: bytes that are not a value of the right kind, or a missing key, make
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
        coder.encode(Data(value.wireBytes) as NSData, forKey: key)
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
        guard let data = coder.decodeObject(of: NSData.self, forKey: key) else {
            fail(coder, "The archive of \(owner) has no \(key).")
            return nil
        }
        do {
            return try Value(wireBytes: [UInt8](data as Data))
        } catch {
            fail(coder, "The archive of \(owner) is corrupt: \(error)")
            return nil
        }
    }

    /// Reads an object's `IntentValue` and makes it with `fromIntentValue(_:)`: how the classes
    /// whose every property crosses the boundary read themselves back.
    static func decodeObject<Object: NSObject & IntentValueConvertible>(_ type: Object.Type, from coder: NSCoder) -> Object? {
        guard let value = decode(IntentValue.self, from: coder, of: Object.self) else { return nil }
        guard let made = Object.fromIntentValue(value) else {
            fail(coder, "The archive of \(Object.self) holds a value of another kind: \(value.displayString)")
            return nil
        }
        return made
    }

    /// A string beside the wire form (a handle's label, an object's subtitle); nil when absent.
    static func string(forKey key: String, from coder: NSCoder) -> String? {
        coder.decodeObject(of: NSString.self, forKey: key).map { $0 as String }
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
        guard let root = try unarchivedObject(ofClasses: [NSArray.self, cls], from: data) else { return nil }
        guard let array = root as? [DecodedObjectType] else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "The archive's root is not an array of \(cls)."])
        }
        return array
    }
}
