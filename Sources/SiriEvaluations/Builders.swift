import AppIntentsTesting

@resultBuilder
public enum SiriScenarioBuilder {
    public static func buildExpression(_ turn: UserTurn) -> [UserTurn] { [turn] }
    public static func buildBlock(_ parts: [UserTurn]...) -> [UserTurn] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[UserTurn]]) -> [UserTurn] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [UserTurn]?) -> [UserTurn] { part ?? [] }
    public static func buildEither(first: [UserTurn]) -> [UserTurn] { first }
    public static func buildEither(second: [UserTurn]) -> [UserTurn] { second }
}

/// Builds a turn's checks: `Calls`, `Finds` and `SiriResponse`.
@resultBuilder
public enum SiriTurnExpectationBuilder {
    public struct Component: Sendable {
        let checks: [ScenarioCheck]
    }

    public static func buildExpression(_ calls: Calls) -> Component { Component(checks: [.calls(calls)]) }
    public static func buildExpression(_ finds: Finds) -> Component { Component(checks: [.finds(finds)]) }
    public static func buildExpression(_ response: SiriResponse) -> Component { Component(checks: [.response(response)]) }
    public static func buildBlock(_ parts: Component...) -> Component { Component(checks: parts.flatMap(\.checks)) }
    public static func buildOptional(_ part: Component?) -> Component { part ?? Component(checks: []) }
    public static func buildEither(first: Component) -> Component { first }
    public static func buildEither(second: Component) -> Component { second }
}

/// Builds a scenario's checks over all its turns: `Calls` and `Finds` (not `SiriResponse`).
@resultBuilder
public enum SiriScenarioExpectationBuilder {
    public struct Component: Sendable {
        let checks: [ScenarioCheck]
    }

    public static func buildExpression(_ calls: Calls) -> Component { Component(checks: [.calls(calls)]) }
    public static func buildExpression(_ finds: Finds) -> Component { Component(checks: [.finds(finds)]) }
    public static func buildBlock(_ parts: Component...) -> Component { Component(checks: parts.flatMap(\.checks)) }
    public static func buildOptional(_ part: Component?) -> Component { part ?? Component(checks: []) }
    public static func buildEither(first: Component) -> Component { first }
    public static func buildEither(second: Component) -> Component { second }
}

@resultBuilder
public enum IntentExpectationBuilder {
    public static func buildExpression(_ expectation: any AppIntentExpectationProviding) -> [any AppIntentExpectationProviding] { [expectation] }
    public static func buildBlock(_ parts: [any AppIntentExpectationProviding]...) -> [any AppIntentExpectationProviding] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[any AppIntentExpectationProviding]]) -> [any AppIntentExpectationProviding] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any AppIntentExpectationProviding]?) -> [any AppIntentExpectationProviding] { part ?? [] }
}

@resultBuilder
public enum EntityFindExpectationBuilder {
    public static func buildExpression(_ expectation: any AppEntityExpectationProviding) -> [any AppEntityExpectationProviding] { [expectation] }
    public static func buildBlock(_ parts: [any AppEntityExpectationProviding]...) -> [any AppEntityExpectationProviding] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[any AppEntityExpectationProviding]]) -> [any AppEntityExpectationProviding] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any AppEntityExpectationProviding]?) -> [any AppEntityExpectationProviding] { part ?? [] }
}
