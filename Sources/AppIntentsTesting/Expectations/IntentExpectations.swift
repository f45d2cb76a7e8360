import AppIntentsTypeSupport

/// What a test expects of an intent: its type, and maybe its parameters and result. Checking
/// runs nothing.
public protocol AppIntentExpectationProviding: Sendable {
    /// Whether `intent` (and `result`, when given; nil counts as no value) meets the expectation.
    func isSatisfied(by intent: AnyAppIntent, result: ResolvedIntentResult?) async throws -> Bool
}

extension AppIntentExpectationProviding {
    /// Whether `intent` meets the expectation, with no result.
    public func isSatisfied(by intent: AnyAppIntent) async throws -> Bool {
        try await isSatisfied(by: intent, result: nil)
    }
}

/// An intent of a type whose parameters (as passed) and result meet their checks.
public struct AppIntentExpectation: AppIntentExpectationProviding {
    let intent: AppIntentDefinition
    let parameters: [(String, any ResolvableIntentValueExpectation)]
    let resultExpectation: (any IntentValueExpectation)?

    /// This expectation with `resultExpectation` checking the result instead of any earlier
    /// one; nil leaves the result unchecked.
    public func result(_ resultExpectation: (any IntentValueExpectation)?) -> AppIntentExpectation {
        AppIntentExpectation(intent: intent, parameters: parameters, resultExpectation: resultExpectation)
    }

    public func isSatisfied(by intent: AnyAppIntent, result: ResolvedIntentResult?) async throws -> Bool {
        guard try await self.intent.isSatisfied(by: intent, result: result) else { return false }
        for (name, expectation) in parameters {
            let container = ExpectationChecking.container(of: intent[dynamicMember: name] as (any IntentValueExpressing)?)
            guard try await ExpectationChecking.check(expectation, container) else { return false }
        }
        guard let resultExpectation else { return true }
        return try await ExpectationChecking.check(resultExpectation, result?.container ?? IntentValueContainer(value: nil))
    }
}

/// A bare intent definition expects any intent of its type.
extension AppIntentDefinition: AppIntentExpectationProviding {
    /// Checks of the intent's parameters, by label: `expect(title: .contains("Trip"))`.
    public var expect: IntentValueExpectationCallable<any ResolvableIntentValueExpectation, AppIntentExpectation> {
        let intent = self
        return IntentValueExpectationCallable { AppIntentExpectation(intent: intent, parameters: $0, resultExpectation: nil) }
    }

    /// A check of the intent's result only.
    public func result(_ resultExpectation: any IntentValueExpectation) -> AppIntentExpectation {
        AppIntentExpectation(intent: self, parameters: [], resultExpectation: resultExpectation)
    }

    public func isSatisfied(by intent: AnyAppIntent, result: ResolvedIntentResult?) async throws -> Bool {
        intent.identifier == identifier && intent.bundleIdentifier == bundleIdentifier
    }
}
