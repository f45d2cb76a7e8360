/// Whether a parameter equals a value (`When(\.$kind, .equalTo, .guided)`).
public enum EquatableComparisonOperator: Hashable, Sendable {
    /// The parameter and the value are equal.
    case equalTo
    /// The parameter and the value are not equal.
    case notEqualTo
}

/// How a parameter compares with a value (`When(\.$count, .greaterThan, 10)`).
public enum ComparableComparisonOperator: Hashable, Sendable {
    /// The parameter is greater than the value.
    case greaterThan
    /// The parameter is greater than or equal to the value.
    case greaterThanOrEqualTo
    /// The parameter is less than the value.
    case lessThan
    /// The parameter is less than or equal to the value.
    case lessThanOrEqualTo
}

/// Whether a parameter has a value (`When(\.$note, .hasAnyValue)`).
public enum HasValueComparisonOperator: Hashable, Sendable {
    /// The parameter has a value.
    case hasAnyValue
    /// The parameter is empty.
    case hasNoValue
}

/// Whether a parameter is one of several values (`When(\.$kind, .oneOf, [.guided, .silent])`).
public enum OneOfComparisonOperator: Hashable, Sendable {
    /// The parameter is one of the values.
    case oneOf
    /// The parameter is none of the values.
    case noneOf
}

/// A summary that depends on a parameter's value: `When(\.$x, .equalTo, value) { ... } otherwise: { ... }`.
///
/// The Shortcuts editor shows the branch the parameter's current value selects. The host, which
/// has no editor, receives the `otherwise` branch's template.
public struct ParameterSummaryWhenCondition<Intent: AppIntent, WhenCondition: ParameterSummary, Otherwise: ParameterSummary>:
    ParameterSummary, ParameterSummaryTemplate where WhenCondition.Intent == Intent, Otherwise.Intent == Intent {
    /// The branch taken when the condition holds.
    let whenSummary: WhenCondition
    /// The branch taken otherwise: the one the host receives.
    let otherwiseSummary: Otherwise

    /// A branch on whether a parameter equals (or does not equal) `value`.
    public init<Value: Equatable & _IntentValue & Sendable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: EquatableComparisonOperator,
                                                            _ value: Value, @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                                            @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        self.whenSummary = when()
        self.otherwiseSummary = otherwise()
    }

    /// A branch on whether an optional parameter equals (or does not equal) `value`.
    public init<Value: ExpressibleByNilLiteral & _IntentValue & Sendable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>,
                                                                          _ comparisonOperator: EquatableComparisonOperator, _ value: Value.ValueType,
                                                                          @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                                                          @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise)
        where Value.ValueType: Equatable {
        self.whenSummary = when()
        self.otherwiseSummary = otherwise()
    }

    /// A branch on how a parameter compares with `value`.
    public init<Value: _IntentValue & Sendable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: ComparableComparisonOperator,
                                                _ value: Value.ValueType, @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                                @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) where Value.ValueType: Comparable {
        self.whenSummary = when()
        self.otherwiseSummary = otherwise()
    }

    /// A branch on whether a parameter has a value.
    public init<Value: _IntentValue & Sendable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: HasValueComparisonOperator,
                                                @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                                @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        self.whenSummary = when()
        self.otherwiseSummary = otherwise()
    }

    /// A branch on whether a parameter is one (or none) of `values`.
    public init<Value: _IntentValue & Sendable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: OneOfComparisonOperator,
                                                _ values: [Value.ValueType], @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                                @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) where Value.ValueType: Equatable {
        self.whenSummary = when()
        self.otherwiseSummary = otherwise()
    }

    func template(on intent: any AppIntent) throws -> String? {
        try (otherwiseSummary as? any ParameterSummaryTemplate)?.template(on: intent)
    }
}

/// A `Switch` branch: what `Case` and `DefaultCase` have in common.
public protocol _ParameterSummarySwitchCase {
    /// The intent whose parameter is switched on.
    associatedtype Intent: AppIntent
    /// The parameter's value type.
    associatedtype Value: _IntentValue
}

/// A summary for each value of a parameter: `Switch(\.$kind) { Case(.guided) { ... } DefaultCase { ... } }`.
///
/// The host receives the `DefaultCase` branch's template.
public struct ParameterSummarySwitchCondition<Intent: AppIntent, Value: _IntentValue & Sendable, CaseCondition: _ParameterSummarySwitchCase>:
    ParameterSummary, ParameterSummaryTemplate, @unchecked Sendable {
    let cases: CaseCondition

    /// Switches on the value of the parameter `keyPath` reaches.
    public init(_ keyPath: KeyPath<Intent, IntentParameter<Value>>,
                @ParameterSummaryCaseBuilder<Intent, Value> _ cases: () -> CaseCondition) {
        self.cases = cases()
    }

    func template(on intent: any AppIntent) throws -> String? {
        try (cases as? any DefaultCaseHolder)?.defaultTemplate(on: intent)
    }
}

/// One branch of a `Switch`: `Case(.guided) { Summary("...") }`.
public struct ParameterSummaryCaseCondition<Intent: AppIntent, Value: _IntentValue, Summary: ParameterSummary>: _ParameterSummarySwitchCase,
    @unchecked Sendable where Summary.Intent == Intent {
    let summary: Summary

    /// The branch for one value.
    public init(_ value: Value, @ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) {
        self.summary = parameterSummary()
    }

    /// The branch for any of several values.
    public init(_ value: [Value], @ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) {
        self.summary = parameterSummary()
    }
}

/// The branch of a `Switch` for every value no `Case` names: the one the host receives.
public struct ParameterSummaryDefaultCaseCondition<Intent: AppIntent, Value: _IntentValue, Summary: ParameterSummary>: _ParameterSummarySwitchCase,
    @unchecked Sendable where Summary.Intent == Intent {
    let summary: Summary

    /// The default branch.
    public init(@ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) {
        self.summary = parameterSummary()
    }
}

/// The branches of a `Switch`, in order, the `DefaultCase` last.
public struct ParameterSummaryTupleCaseCondition<Intent: AppIntent, Value: _IntentValue, ValueType>: _ParameterSummarySwitchCase, @unchecked Sendable {
    let value: ValueType
    let defaultTemplate: (any AppIntent) throws -> String?
}

/// Finds the default branch of a `Switch` without knowing its type.
protocol DefaultCaseHolder {
    func defaultTemplate(on intent: any AppIntent) throws -> String?
}

extension ParameterSummaryTupleCaseCondition: DefaultCaseHolder {
    func defaultTemplate(on intent: any AppIntent) throws -> String? {
        try defaultTemplate(intent)
    }
}

extension ParameterSummaryDefaultCaseCondition: DefaultCaseHolder {
    func defaultTemplate(on intent: any AppIntent) throws -> String? {
        try (summary as? any ParameterSummaryTemplate)?.template(on: intent)
    }
}

/// Builds the branches of a `Switch`: one to six `Case`s, then a `DefaultCase`.
@resultBuilder
public enum ParameterSummaryCaseBuilder<Intent: AppIntent, Value: _IntentValue> {
    public typealias Default<S: ParameterSummary> = ParameterSummaryDefaultCaseCondition<Intent, Value, S> where S.Intent == Intent

    /// Takes a `Case`, whose value is of the switched parameter's type.
    public static func buildExpression<S>(_ branch: ParameterSummaryCaseCondition<Intent, Value, S>) -> ParameterSummaryCaseCondition<Intent, Value, S> {
        branch
    }

    /// Takes the `DefaultCase`.
    public static func buildExpression<S>(_ branch: Default<S>) -> Default<S> {
        branch
    }

    /// Only a `DefaultCase`.
    public static func buildBlock<S>(_ defaultCase: Default<S>) -> Default<S> {
        defaultCase
    }

    /// One `Case` and the `DefaultCase`.
    public static func buildBlock<C0: _ParameterSummarySwitchCase, S>(_ c0: C0, _ defaultCase: Default<S>)
        -> ParameterSummaryTupleCaseCondition<Intent, Value, (C0, Default<S>)> where C0.Intent == Intent, C0.Value == Value {
        .init(value: (c0, defaultCase), defaultTemplate: defaultCase.defaultTemplate)
    }

    /// Two `Case`s and the `DefaultCase`.
    public static func buildBlock<C0: _ParameterSummarySwitchCase, C1: _ParameterSummarySwitchCase, S>(_ c0: C0, _ c1: C1, _ defaultCase: Default<S>)
        -> ParameterSummaryTupleCaseCondition<Intent, Value, (C0, C1, Default<S>)>
        where C0.Intent == Intent, C0.Value == Value, C1.Intent == Intent, C1.Value == Value {
        .init(value: (c0, c1, defaultCase), defaultTemplate: defaultCase.defaultTemplate)
    }

    /// Three `Case`s and the `DefaultCase`.
    public static func buildBlock<C0: _ParameterSummarySwitchCase, C1: _ParameterSummarySwitchCase, C2: _ParameterSummarySwitchCase, S>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ defaultCase: Default<S>
    ) -> ParameterSummaryTupleCaseCondition<Intent, Value, (C0, C1, C2, Default<S>)>
        where C0.Intent == Intent, C0.Value == Value, C1.Intent == Intent, C1.Value == Value, C2.Intent == Intent, C2.Value == Value {
        .init(value: (c0, c1, c2, defaultCase), defaultTemplate: defaultCase.defaultTemplate)
    }

    /// Four `Case`s and the `DefaultCase`.
    public static func buildBlock<C0: _ParameterSummarySwitchCase, C1: _ParameterSummarySwitchCase, C2: _ParameterSummarySwitchCase,
                                  C3: _ParameterSummarySwitchCase, S>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ defaultCase: Default<S>
    ) -> ParameterSummaryTupleCaseCondition<Intent, Value, (C0, C1, C2, C3, Default<S>)>
        where C0.Intent == Intent, C0.Value == Value, C1.Intent == Intent, C1.Value == Value, C2.Intent == Intent, C2.Value == Value,
        C3.Intent == Intent, C3.Value == Value {
        .init(value: (c0, c1, c2, c3, defaultCase), defaultTemplate: defaultCase.defaultTemplate)
    }
}
