/// The sentence the Shortcuts editor shows for an intent, with its parameters in place:
/// `Add ${quantity} ${name}`. Declared in an intent as
///
///     static var parameterSummary: some ParameterSummary {
///         Summary("Add \(\.$quantity) \(\.$name)")
///     }
///
/// or with `When` and `Switch` branches. The host has no editor: it receives the summary as
/// a template (`AppIntentSchema.parameterSummary`), with `${name}` for each parameter and,
/// for `When` and `Switch`, the `otherwise` or `DefaultCase` branch.
public protocol ParameterSummary: Sendable {
    /// The intent whose parameters the summary shows.
    associatedtype Intent: AppIntent
}

/// How the runtime reads a summary as a template, without knowing its type.
protocol ParameterSummaryTemplate {
    /// The template, with `${name}` for each parameter; nil for a summary with no sentence.
    /// - Throws: `RequestFailure` when a key path reaches no `@Parameter` of `intent`.
    func template(on intent: any AppIntent) throws -> String?
}

/// The text of a `Summary`, written as an interpolated literal in which each `\(\.$parameter)`
/// stands for a parameter: `"Add \(\.$quantity) \(\.$name)"`.
public struct ParameterSummaryString<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    enum Segment: @unchecked Sendable {
        case text(String)
        case parameter(PartialKeyPath<Intent>)
    }

    let segments: [Segment]

    /// A summary text with no parameter in it.
    public init(stringLiteral value: String) {
        self.segments = [.text(value)]
    }

    /// A summary text written as an interpolated literal.
    public init(stringInterpolation: StringInterpolation) {
        self.segments = stringInterpolation.segments
    }

    /// Builds a summary text from literal text and parameters.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        /// Called by Swift for each interpolated summary literal; the capacities are unused.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Adds the literal text between interpolations, as written.
        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(literal))
        }

        /// Adds a parameter of the intent, `\(\.$quantity)`, written `${quantity}` in the template.
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {
            segments.append(.parameter(parameter))
        }
    }

    func render(on intent: Intent) throws -> String {
        try segments.map { segment in
            switch segment {
            case .text(let text): text
            case .parameter(let keyPath): "${\(try ParameterSummaryNames.name(of: keyPath, on: intent))}"
            }
        }.joined()
    }
}

/// A summary sentence, `Summary("Add \(\.$quantity) \(\.$name)")`, optionally followed by the
/// parameters the editor lists under it: `Summary("Add \(\.$name)") { \.$note }`.
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary, ParameterSummaryTemplate, @unchecked Sendable {
    let string: ParameterSummaryString<Intent>?
    /// The parameters listed under the sentence; kept, not sent to the host.
    let additionalParameters: [PartialKeyPath<Intent>]

    /// A summary with no sentence.
    public init() {
        self.init(string: nil, additional: [])
    }

    /// A summary with no sentence, listing parameters.
    public init(@ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]) {
        self.init(string: nil, additional: additionalParameterKeyPaths())
    }

    /// A summary sentence. `table` names a strings table on Apple's systems; unused here.
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil) {
        self.init(string: string, additional: [])
    }

    /// A summary sentence followed by the parameters listed under it.
    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil,
                @ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]) {
        self.init(string: string, additional: additionalParameterKeyPaths())
    }

    private init(string: ParameterSummaryString<Intent>?, additional: [PartialKeyPath<Intent>]) {
        self.string = string
        self.additionalParameters = additional
    }

    func template(on intent: any AppIntent) throws -> String? {
        guard let string, let intent = intent as? Intent else { return nil }
        return try string.render(on: intent)
    }

    /// Builds the list of parameters under a summary sentence from key paths, one a line.
    @resultBuilder
    public enum ParameterKeyPathsBuilder {
        /// Takes one parameter, `\.$note`.
        public static func buildExpression<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>) -> [PartialKeyPath<Intent>] {
            [keyPath]
        }

        /// Joins the lines in order.
        public static func buildBlock(_ components: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] {
            components.flatMap { $0 }
        }
    }
}

/// The summary of an intent that declares none: no sentence.
public struct _NoParameterSummary<Intent: AppIntent>: ParameterSummary {
    public init() {}
}

/// Builds `parameterSummary`: one `Summary`, `When` or `Switch`.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    /// Takes the summary as it is.
    public static func buildExpression<Summary: ParameterSummary>(_ expression: Summary) -> Summary where Summary.Intent == Intent {
        expression
    }

    /// The one summary of the block.
    public static func buildBlock<Summary: ParameterSummary>(_ block: Summary) -> Summary where Summary.Intent == Intent {
        block
    }
}

/// Maps a key path to its parameter's name on an intent.
enum ParameterSummaryNames {
    static func name<Intent: AppIntent>(of keyPath: PartialKeyPath<Intent>, on intent: Intent) throws -> String {
        let reached = intent[keyPath: keyPath] as AnyObject
        guard let name = ParameterReflection.parameters(of: intent).first(where: { $0.parameter === reached })?.name else {
            throw RequestFailure("The parameter summary of \(Intent.self) names a key path that is not one of its @Parameter properties.")
        }
        return name
    }
}

extension AppIntent {
    /// `Summary("Add \(\.$name)")`: the summary sentence of this intent.
    public typealias Summary = IntentParameterSummary<Self>
    /// `When(\.$x, .equalTo, value) { ... } otherwise: { ... }`: a summary that depends on a parameter's value.
    public typealias When<WhenCondition: ParameterSummary, Otherwise: ParameterSummary> = ParameterSummaryWhenCondition<Self, WhenCondition, Otherwise>
        where WhenCondition.Intent == Self, Otherwise.Intent == Self
    /// `Switch(\.$x) { Case(value) { ... } DefaultCase { ... } }`: a summary for each value of a parameter.
    public typealias Switch<Value: _IntentValue & Sendable, CaseCondition: _ParameterSummarySwitchCase> =
        ParameterSummarySwitchCondition<Self, Value, CaseCondition>
    /// A branch of a `Switch`, for one value or several.
    public typealias Case<Value: _IntentValue, Summary: ParameterSummary> = ParameterSummaryCaseCondition<Self, Value, Summary>
        where Summary.Intent == Self
    /// The branch of a `Switch` for every other value.
    public typealias DefaultCase<Value: _IntentValue, Summary: ParameterSummary> = ParameterSummaryDefaultCaseCondition<Self, Value, Summary>
        where Summary.Intent == Self
}
