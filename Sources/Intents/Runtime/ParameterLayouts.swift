@_spi(Reflection) import Swift
import Synchronization

/// Where each class keeps its `@IntentParameter` wrappers: every wrapper's name and its offset in
/// the object, read once per class from the runtime's field records. Reading an object's
/// parameters is then a load per parameter, where `Mirror` boxes every stored property and
/// resolves its type by name, on every object (about 10 µs of a 3-step conversation on this SDK's
/// Linux machines, measured with `perf`).
///
/// A class whose layout cannot be read (the runtime does not describe a field), or whose layout
/// disagrees with `Mirror` on its first object (a `_`-named property whose declared type is an
/// optional or an existential holding a wrapper), is read with `Mirror` for good.
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

    /// The layout of `object`'s class when the runtime describes every field and the layout
    /// finds the very wrappers `Mirror` finds in `object`; nil otherwise.
    private static func checkedLayout(of object: AnyObject) -> [Field]? {
        guard let fields = layout(of: type(of: object)) else { return nil }
        let found = read(fields, of: object)
        let mirrored = mirroredParameters(of: object)
        guard found.count == mirrored.count,
              zip(found, mirrored).allSatisfy({ $0.name == $1.name && $0.parameter === $1.parameter }) else { return nil }
        return fields
    }

    /// The fields of `objectType` and its superclasses named `_…` whose declared type is a
    /// parameter wrapper; nil when the runtime cannot describe one of its fields.
    private static func layout(of objectType: AnyObject.Type) -> [Field]? {
        var fields: [Field] = []
        let described = _forEachField(of: objectType, options: .classType) { name, offset, fieldType, _ in
            let label = String(cString: name)
            if label.hasPrefix("_"), let wrapperType = fieldType as? any ErasedIntentParameter.Type {
                fields.append(Field(name: String(label.dropFirst()), offset: offset, erase: eraser(for: wrapperType)))
            }
            return true
        }
        return described ? fields : nil
    }

    /// A function that gives a reference known to be a `Wrapper` its erased form.
    private static func eraser<Wrapper: ErasedIntentParameter>(for _: Wrapper.Type) -> @Sendable (AnyObject) -> any ErasedIntentParameter {
        { unsafeDowncast($0, to: Wrapper.self) }
    }
}
