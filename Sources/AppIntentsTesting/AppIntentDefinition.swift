import ExtensionProtocol
/// An App Intent type of the app under test.
public struct AppIntentDefinition: Equatable, Sendable {
    /// The intent type's name (`CreateNoteIntent`).
    public let identifier: String
    public let bundleIdentifier: String

    /// Makes an intent with parameters named by the labels: `makeIntent(title: "Trip plan")`.
    public var makeIntent: IntentValuePropertiesCallable<AnyAppIntent> {
        let (identifier, app) = (self.identifier, bundleIdentifier)
        return IntentValuePropertiesCallable { AnyAppIntent(bundleIdentifier: app, identifier: identifier, parameters: $0) }
    }
}

/// An intent of the app under test, with the parameters the test set, to `run()`.
@dynamicMemberLookup
public struct AnyAppIntent: CustomStringConvertible, Equatable, Sendable {
    public let bundleIdentifier: String
    /// The intent type's name.
    public let identifier: String
    /// The parameters set, in the order set.
    var parameters: [(String, (any IntentValueExpressing)?)]

    /// The values of the parameters set (nil ones left out).
    package var parameterValues: [any IntentValueExpressing] { parameters.compactMap { $0.1 } }

    package init(bundleIdentifier: String, identifier: String, parameters: [(String, (any IntentValueExpressing)?)]) {
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.parameters = parameters
    }

    /// Runs the intent as Siri and Shortcuts run it: on Linux, through the test's intents host,
    /// in the installed extension's sandboxed process, through the host's policy gate.
    /// - Returns: what `perform()` returned.
    /// - Throws: `HostUnderTestError`: the policy's refusal (naming the rule), a question no
    ///   scripted answer was left for, the error `perform()` threw, a parameter's bad value.
    @discardableResult
    public func run() async throws -> ResolvedIntentResult {
        try await HostUnderTest.current().run(identifier, of: bundleIdentifier, arguments: parameters)
    }

    /// Linux only: runs the intent answering its questions with `answers`, in order.
    @discardableResult
    public func run(answers: [ScriptedAnswer]) async throws -> ResolvedIntentResult {
        try await HostUnderTest.current().answering(answers).run(identifier, of: bundleIdentifier, arguments: parameters)
    }

    /// A parameter's value as `T`. Throws when it was not set to a `T`.
    public subscript<T>(dynamicMember identifier: String) -> T where T: IntentValueConvertible {
        get throws { try T._converted(from: container(of: identifier)) }
    }

    /// A parameter's value, for nested reads.
    public subscript(dynamicMember identifier: String) -> DynamicPropertyPath {
        DynamicPropertyPath(container(of: identifier))
    }

    /// A parameter's value as it was set (nil when not set); setting it sets the parameter.
    public subscript(dynamicMember identifier: String) -> (any IntentValueExpressing)? {
        get { parameters.last { $0.0 == identifier }?.1 ?? nil }
        set {
            parameters.removeAll { $0.0 == identifier }
            parameters.append((identifier, newValue))
        }
    }

    private func container(of name: String) -> IntentValueContainer {
        let value = parameters.last { $0.0 == name }?.1 ?? nil
        let made = (value as? any IntentValueConvertible)?.makeContainer(context: IntentValueContainer.ConversionContext())
        return IntentValueContainer(value: made?.value, type: made?.type, types: made?.types ?? ValueTypeTable(), path: "\(identifier).\(name)")
    }

    public var description: String {
        let shown = parameters.map { name, value in "\(name): \(value.map { "\($0)" } ?? "nil")" }
        return "\(identifier)(\(shown.joined(separator: ", ")))"
    }

    public static func == (lhs: AnyAppIntent, rhs: AnyAppIntent) -> Bool {
        func wire(_ intent: AnyAppIntent) -> [String: IntentValueContainer] {
            var values: [String: IntentValueContainer] = [:]
            for (name, value) in intent.parameters {
                values[name] = (value as? any IntentValueConvertible)?.makeContainer(context: IntentValueContainer.ConversionContext())
            }
            return values
        }
        return lhs.bundleIdentifier == rhs.bundleIdentifier && lhs.identifier == rhs.identifier && wire(lhs) == wire(rhs)
    }
}
