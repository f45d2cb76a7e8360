/// A property of an entity the system can read, declared as `@Property`:
///
///     struct BookEntity: AppEntity {
///         @Property(title: "Title") var title: String
///         @Property(title: "Pages") var pages: Int?
///     }
///
/// The host learns each property's name, title and type (`AppEntitySchema.properties`).
@propertyWrapper
public final class EntityProperty<Value: _IntentValue & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// nil while no value was set (a set optional holds `.some(nil)`).
    private var value: Value?
    private let explicitTitle: LocalizedStringResource?

    /// A property titled with its Swift name.
    public init() {
        self.explicitTitle = nil
    }

    /// A property the user reads as `title`: `@Property(title: "Title")`.
    public init(title: LocalizedStringResource) {
        self.explicitTitle = title
    }

    /// A property with an initial value: `@Property(title: "Pages") var pages = 0`.
    public init(wrappedValue: Value, title: LocalizedStringResource? = nil) {
        self.explicitTitle = title
        self.value = wrappedValue
    }

    /// The value. An optional property with no value is nil, a list with none is empty; reading
    /// any other property that has no value stops the process.
    public var wrappedValue: Value {
        get {
            if let value = lock.withLock({ value }) { return value }
            if let empty = ValueShape.emptyValue(of: Value.self) as? Value { return empty }
            fatalError("The @Property \"\(explicitTitle?.key ?? "")\" (\(Value.self)) was read before it had a value: set it in the entity's initializer.")
        }
        set {
            lock.withLock { value = newValue }
        }
    }

    /// The property itself: `$title`, as query properties name it.
    public var projectedValue: EntityProperty<Value> { self }

    /// What the user reads for the property; empty when it is titled with its Swift name.
    public var title: LocalizedStringResource { explicitTitle ?? "" }
}

/// The face of every `EntityProperty` the runtime reads through reflection.
protocol AnyEntityProperty: AnyObject {
    var valueType: Any.Type { get }
    var titleText: String { get }
    /// The value set, nil while none was (never the stop a read would make).
    var valueIfSet: Any? { get }
}

extension EntityProperty: AnyEntityProperty {
    var valueType: Any.Type { Value.self }
    var titleText: String { explicitTitle?.key ?? "" }
    var valueIfSet: Any? { lock.withLock { value }.map { $0 as Any } }
}

extension AppEntity {
    /// `@Property`: the name entities declare their properties with.
    public typealias Property<Value: _IntentValue & Sendable> = EntityProperty<Value>
}
