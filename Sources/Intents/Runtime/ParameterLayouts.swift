@_spi(Reflection) import Swift
import Synchronization

/// Where each class keeps its `@IntentParameter` wrappers: every wrapper's name and its offset in
/// the object, read once per class from the runtime's field records. Reading an object's
/// parameters is then a load per parameter, where `Mirror` boxes every stored property and
/// resolves its type by name, on every object (about 10 µs of a 3-step conversation on this SDK's
/// Linux machines, measured with `perf`).
///
/// A class is read with `Mirror` for good when a `_`-named property's declared type could hold
/// a wrapper without being one (an optional or `weak` wrapper, an existential such as `Any`): an
/// object may hold one there though its class's first object did not. So it is too when the
/// layout disagrees with `Mirror` on the class's first object. Hand-written `unowned` storage
/// named `_…` is not supported: the runtime's field records do not say a field is unowned.
final class ParameterLayouts: Sendable {
    static let shared = ParameterLayouts()

    /// A parameter's storage: the `_name` property a property wrapper makes.
    private struct Field: Sendable {
        let name: String
        let offset: Int
        /// Turns the reference loaded at `offset` into the wrapper's erased form, without a cast.
        let erase: @Sendable (AnyObject) -> any ErasedIntentParameter
    }

    /// Per class: its fields, or nil when it is read with `Mirror`.
    private let layouts = Mutex<[ObjectIdentifier: [Field]?]>([:])

    /// `object`'s parameters, base class first, in declared order, as `mirroredParameters(of:)` gives them.
    func parameters(of object: AnyObject) -> [(name: String, parameter: any ErasedIntentParameter)] {
        let key = ObjectIdentifier(type(of: object))
        let known = layouts.withLock { $0[key] }
        let fields: [Field]?
        if let known {
            fields = known
        } else {
            fields = Self.checkedLayout(of: object)
            layouts.withLock { $0[key] = .some(fields) }
        }
        guard let fields else { return mirroredParameters(of: object) }
        return Self.read(fields, of: object)
    }

    /// Whether `objectType`'s parameters are read by its layout (true) or with `Mirror` (false);
    /// nil until an object of the class was read. For tests.
    func readsByLayout(_ objectType: AnyObject.Type) -> Bool? {
        layouts.withLock { $0[ObjectIdentifier(objectType)].map { $0 != nil } }
    }

    private static func read(_ fields: [Field], of object: AnyObject) -> [(name: String, parameter: any ErasedIntentParameter)] {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return withExtendedLifetime(object) {
            fields.map { field in (field.name, field.erase(base.load(fromByteOffset: field.offset, as: AnyObject.self))) }
        }
    }

    /// The layout of `object`'s class (`layout(of:)`) when it finds the very wrappers `Mirror`
    /// finds in `object`; nil otherwise.
    private static func checkedLayout(of object: AnyObject) -> [Field]? {
        guard let fields = layout(of: type(of: object)) else { return nil }
        let found = read(fields, of: object)
        let mirrored = mirroredParameters(of: object)
        guard found.count == mirrored.count,
              zip(found, mirrored).allSatisfy({ $0.name == $1.name && $0.parameter === $1.parameter }) else { return nil }
        return fields
    }

    /// The fields of `objectType` and its superclasses named `_…` whose declared type is a
    /// parameter wrapper; nil when a field named `_…` could hold a wrapper without being declared
    /// as one, or the runtime cannot describe a field.
    private static func layout(of objectType: AnyObject.Type) -> [Field]? {
        var fields: [Field] = []
        let described = _forEachField(of: objectType, options: .classType) { name, offset, fieldType, _ in
            let label = String(cString: name)
            guard label.hasPrefix("_") else { return true }
            if let wrapperType = fieldType as? any ErasedIntentParameter.Type {
                fields.append(Field(name: String(label.dropFirst()), offset: offset, erase: eraser(for: wrapperType)))
                return true
            }
            return !mayHoldAWrapper(fieldType)
        }
        return described ? fields : nil
    }

    /// Whether a value of `type` may be a parameter wrapper though `type` is not one: an optional
    /// of one (which `weak` storage also is), or an existential (`Any`, `AnyObject`, a protocol).
    private static func mayHoldAWrapper(_ type: Any.Type) -> Bool {
        if let optional = type as? any OptionalType.Type {
            return optional.wrappedType is any ErasedIntentParameter.Type || mayHoldAWrapper(optional.wrappedType)
        }
        return metadataKind(of: type) == existentialKind
    }

    /// A function that gives a reference known to be a `Wrapper` its erased form.
    private static func eraser<Wrapper: ErasedIntentParameter>(for _: Wrapper.Type) -> @Sendable (AnyObject) -> any ErasedIntentParameter {
        { unsafeDowncast($0, to: Wrapper.self) }
    }
}

/// An optional's wrapped type, read from its metatype.
private protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// The kind of a type's metadata, as the runtime numbers it (`swift_getMetadataKind`).
@_silgen_name("swift_getMetadataKind")
private func metadataKind(of type: Any.Type) -> UInt

/// The runtime's kind of an existential's metadata (`MetadataKind::Existential`, part of the ABI).
private let existentialKind: UInt = 0x303
