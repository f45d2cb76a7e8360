/// An intent whose runs the system may learn from and suggest again, shown as its
/// `predictionConfiguration` says:
///
///     static var predictionConfiguration: some IntentPredictionConfiguration {
///         IntentPrediction(parameters: \.$title) { title in
///             DisplayRepresentation(title: "Find \(title)")
///         }
///     }
///
/// Linux form: the host makes no suggestions; the configuration is built and kept, not used.
public protocol PredictableIntent: AppIntent {
    /// The type of `predictionConfiguration`, inferred from it.
    associatedtype Prediction: IntentPredictionConfiguration
    /// How suggestions of this intent are shown, by the parameters they carry.
    @IntentPredictionConfigurationBuilder<Self> static var predictionConfiguration: Prediction { get }
}

/// What `predictionConfiguration` builds: one or several `IntentPrediction`s.
public protocol IntentPredictionConfiguration: Sendable {}

/// How a suggested run of `Intent` is shown, from the values of some of its parameters.
public struct IntentPrediction<Intent: AppIntent, T>: IntentPredictionConfiguration, @unchecked Sendable {
    let keyPaths: [PartialKeyPath<Intent>]

    /// A suggestion shown the same whatever the parameters.
    public init(displayRepresentation: @escaping () -> DisplayRepresentation) where T == () {
        self.keyPaths = []
    }

    /// A suggestion shown from one parameter's value.
    public init<V0, P0>(parameters: T, displayRepresentation: @escaping (V0) -> DisplayRepresentation)
        where T == KeyPath<Intent, P0>, V0: _IntentValue & Sendable, P0: IntentParameter<V0> {
        self.keyPaths = [parameters]
    }

    /// A suggestion shown from two parameters' values.
    public init<V0, V1, P0, P1, K0, K1>(parameters: T, displayRepresentation: @escaping (V0, V1) -> DisplayRepresentation)
        where T == (K0, K1), V0: _IntentValue & Sendable, V1: _IntentValue & Sendable, P0: IntentParameter<V0>, P1: IntentParameter<V1>,
        K0: KeyPath<Intent, P0>, K1: KeyPath<Intent, P1> {
        self.keyPaths = [parameters.0, parameters.1]
    }

    /// A suggestion shown from three parameters' values.
    public init<V0, V1, V2, P0, P1, P2, K0, K1, K2>(parameters: T, displayRepresentation: @escaping (V0, V1, V2) -> DisplayRepresentation)
        where T == (K0, K1, K2), V0: _IntentValue & Sendable, V1: _IntentValue & Sendable, V2: _IntentValue & Sendable,
        P0: IntentParameter<V0>, P1: IntentParameter<V1>, P2: IntentParameter<V2>,
        K0: KeyPath<Intent, P0>, K1: KeyPath<Intent, P1>, K2: KeyPath<Intent, P2> {
        self.keyPaths = [parameters.0, parameters.1, parameters.2]
    }
}

/// Several predictions, in order.
public struct IntentPredictionList<Intent: AppIntent>: IntentPredictionConfiguration, @unchecked Sendable {
    let predictions: [any IntentPredictionConfiguration]
}

/// Builds `predictionConfiguration` from `IntentPrediction` lines.
@resultBuilder
public enum IntentPredictionConfigurationBuilder<Intent: AppIntent> {
    /// Takes one prediction of the intent.
    public static func buildExpression<T>(_ prediction: IntentPrediction<Intent, T>) -> IntentPredictionList<Intent> {
        IntentPredictionList(predictions: [prediction])
    }

    /// Joins the lines in order.
    public static func buildBlock(_ components: IntentPredictionList<Intent>...) -> IntentPredictionList<Intent> {
        IntentPredictionList(predictions: components.flatMap(\.predictions))
    }
}
