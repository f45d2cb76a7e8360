/// The parameters of another intent that a query or an options provider depends on:
///
///     struct SoupQuery: EntityStringQuery {
///         @IntentParameterDependency<OrderSoupIntent>(\.$quantity) var orderSoup
///         ...
///     }
///
/// `orderSoup?.quantity` reads the parameter while that intent is being configured.
///
/// Linux form: the host does not share one intent's parameters with another's query, so the
/// wrapped value is always nil, as on Apple's systems when no such intent is being configured.
@propertyWrapper
public final class IntentParameterDependency<Intent: AppIntent>: @unchecked Sendable {
    let keyPaths: [PartialKeyPath<Intent>]

    /// A dependency on one parameter.
    public convenience init<V0, P0>(_ k0: KeyPath<Intent, P0>) where V0: _IntentValue & Sendable, P0: IntentParameter<V0> {
        self.init(keyPaths: [k0])
    }

    /// A dependency on two parameters.
    public convenience init<V0, P0, V1, P1>(_ k0: KeyPath<Intent, P0>, _ k1: KeyPath<Intent, P1>)
        where V0: _IntentValue & Sendable, P0: IntentParameter<V0>, V1: _IntentValue & Sendable, P1: IntentParameter<V1> {
        self.init(keyPaths: [k0, k1])
    }

    /// A dependency on three parameters.
    public convenience init<V0, P0, V1, P1, V2, P2>(_ k0: KeyPath<Intent, P0>, _ k1: KeyPath<Intent, P1>, _ k2: KeyPath<Intent, P2>)
        where V0: _IntentValue & Sendable, P0: IntentParameter<V0>, V1: _IntentValue & Sendable, P1: IntentParameter<V1>,
        V2: _IntentValue & Sendable, P2: IntentParameter<V2> {
        self.init(keyPaths: [k0, k1, k2])
    }

    private init(keyPaths: [PartialKeyPath<Intent>]) {
        self.keyPaths = keyPaths
    }

    /// The intent's parameters; nil here (see the Linux form above).
    public var wrappedValue: IntentProjection<Intent>? { nil }
}

/// The parameters of an intent, read by name: `orderSoup.quantity`.
@dynamicMemberLookup
public struct IntentProjection<Intent: AppIntent>: @unchecked Sendable {
    let intent: Intent

    /// The value of the intent's property `keyPath` reaches (a parameter's value).
    public subscript<Value>(dynamicMember keyPath: KeyPath<Intent, Value>) -> Value {
        intent[keyPath: keyPath]
    }
}

extension DynamicOptionsProvider {
    /// `@ParameterDependency`: the name options providers declare their dependencies with.
    public typealias ParameterDependency = IntentParameterDependency
}
