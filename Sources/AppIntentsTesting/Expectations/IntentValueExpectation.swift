import AppIntentsTypeSupport
import ExtensionProtocol
import Foundation

/// What a test expects of one value: an intent's parameter, an entity's property, or a result.
/// Checking an expectation runs nothing in the app.
public protocol IntentValueExpectation: Sendable {
    /// Whether `value` (nil: absent) meets the expectation.
    func isSatisfied(by value: (any IntentValueExpressing)?) async throws -> Bool
}

/// An expectation that can check a parameter as the test passed it, before any query ran: the
/// only kind an intent's `expect` takes.
public protocol ResolvableIntentValueExpectation: IntentValueExpectation {}

/// An expectation checked on the value with its type as the app's metadata declares it (an
/// entity's properties typed by its schema); the framework's own expectations are.
protocol ContainerExpectation: IntentValueExpectation {
    func isSatisfied(byContainer container: IntentValueContainer) async throws -> Bool
}

extension ContainerExpectation {
    public func isSatisfied(by value: (any IntentValueExpressing)?) async throws -> Bool {
        try await isSatisfied(byContainer: ExpectationChecking.container(of: value))
    }
}

enum ExpectationChecking {
    static func container(of value: (any IntentValueExpressing)?) -> IntentValueContainer {
        (value as? any IntentValueConvertible)?.makeContainer(context: IntentValueContainer.ConversionContext()) ?? IntentValueContainer(value: nil)
    }

    /// Checks `container` with `expectation`: typed when the expectation is the framework's,
    /// else with the value as a test would read it.
    static func check(_ expectation: any IntentValueExpectation, _ container: IntentValueContainer) async throws -> Bool {
        if let typed = expectation as? any ContainerExpectation { return try await typed.isSatisfied(byContainer: container) }
        return try await expectation.isSatisfied(by: ValueMaterializing.value(of: container))
    }
}

/// Presence, absence or string content of a value. String comparisons are exact and
/// case-sensitive; a string check of a value that is not a string is not satisfied.
public struct PrimitiveExpectation: ResolvableIntentValueExpectation, ContainerExpectation, CustomStringConvertible {
    enum Check: Sendable {
        case isNil, notNil
        case contains(String)
        case containsRegex(String)
        case equals(String)
    }

    let check: Check

    func isSatisfied(byContainer container: IntentValueContainer) async throws -> Bool {
        switch check {
        case .isNil: return container.value == nil
        case .notNil: return container.value != nil
        case .contains(let substring):
            guard case .string(let text) = container.value else { return false }
            return substring.isEmpty || text.contains(substring)
        case .containsRegex(let pattern):
            guard case .string(let text) = container.value else { return false }
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case .equals(let wanted):
            guard case .string(let text) = container.value else { return false }
            return text == wanted
        }
    }

    public var description: String {
        switch check {
        case .isNil: ".isNil"
        case .notNil: ".notNil"
        case .contains(let text): ".contains(\"\(text)\")"
        case .containsRegex(let pattern): ".contains(regex: \"\(pattern)\")"
        case .equals(let text): ".equals(\"\(text)\")"
        }
    }
}

extension IntentValueExpectation where Self == PrimitiveExpectation {
    /// The value is absent.
    public static var isNil: PrimitiveExpectation { PrimitiveExpectation(check: .isNil) }
    /// The value is present, whatever it is.
    public static var notNil: PrimitiveExpectation { PrimitiveExpectation(check: .notNil) }
    /// The value is a string that contains `substring`.
    public static func contains(_ substring: String) -> Self { PrimitiveExpectation(check: .contains(substring)) }
    /// The value is a string with a match for the regular expression `regex`, anywhere in it.
    public static func contains(regex: String) -> Self { PrimitiveExpectation(check: .containsRegex(regex)) }
    /// The value is a string equal to `value`.
    public static func equals(_ value: String) -> Self { PrimitiveExpectation(check: .equals(value)) }
}

/// A value that meets a `Predicate` over its type: for values that are not strings. Not
/// satisfied when the value is not of the predicate's input type; a missing value fails a
/// predicate over a non-optional type and is given as nil to one over an optional.
public struct PredicateExpectation: ResolvableIntentValueExpectation, ContainerExpectation, CustomStringConvertible {
    let evaluate: @Sendable (IntentValueContainer) throws -> Bool
    /// What the predicate requires, in words, for reports.
    let requirement: String?

    func isSatisfied(byContainer container: IntentValueContainer) async throws -> Bool {
        try evaluate(container)
    }

    public var description: String { requirement.map { ".matches(\($0))" } ?? ".matches(a predicate)" }
}

extension IntentValueExpectation where Self == PredicateExpectation {
    /// The value, as an `Input`, meets `predicate`; `requirement` says in words what it requires.
    public static func matches<Input>(_ predicate: Predicate<Input>, requirement: String? = nil) -> PredicateExpectation
    where Input: IntentValueConvertible {
        PredicateExpectation(evaluate: { container in
            guard let input = try? Input._converted(from: container) else { return false }
            return try predicate.evaluate(input)
        }, requirement: requirement)
    }
}

/// Makes an expectation from labelled value expectations: `expect(title: .contains("Trip"))`.
/// Each label names a parameter or property; nil leaves it unchecked.
@dynamicCallable
public struct IntentValueExpectationCallable<Argument, Expectation> where Argument: Sendable {
    let make: @Sendable ([(String, Argument)]) -> Expectation

    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, Argument?>) -> Expectation {
        var seen: Set<String> = []
        var checks: [(String, Argument)] = []
        for (label, argument) in args {
            precondition(!label.isEmpty, "Every expectation passed to expect needs a label naming its parameter or property.")
            precondition(seen.insert(label).inserted, "The label \(label) is given twice to expect.")
            if let argument { checks.append((label, argument)) }
        }
        return make(checks)
    }
}

extension IntentValueExpectationCallable: Sendable {}
