import Foundation
import ExtensionProtocol

/// The base class of every intent: a request the user made, with its parameters.
///
/// Subclasses declare their parameters with `@IntentParameter`, in the order they are resolved.
open class INIntent: NSObject, NSSecureCoding, NSCopying {
    /// The system's identifier for this intent; set when the intent arrives from the host.
    public internal(set) var identifier: String?
    /// A sentence describing the intent for the user, as Shortcuts shows it; the SDK sends it to
    /// no one, and the host words its prompts from the intent's name and parameters instead.
    open var intentDescription: String?
    /// The phrase to suggest when the user records a voice shortcut for this intent ("Order my
    /// usual"); stored with the intent's donation, where `intents donations` lists it.
    open var suggestedInvocationPhrase: String?

    /// Makes an intent with no parameter values; the SDK also calls it, on the extension side,
    /// to rebuild each intent the host sends, so subclasses must keep it working without arguments.
    public override required init() {
        super.init()
    }

    /// True: intents, system and custom, archive with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the intent as it crosses the process boundary (its name, `identifier` and
    /// parameter values), with `intentDescription` and `suggestedInvocationPhrase` beside it.
    /// Parameters that never cross the boundary (`INSendMessageIntent`'s `attachments`) are not
    /// archived.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(payload, into: coder)
        IntentArchive.encode(intentDescription, forKey: "intentDescription", into: coder)
        IntentArchive.encode(suggestedInvocationPhrase, forKey: "suggestedInvocationPhrase", into: coder)
    }

    /// Reads an intent archived by `encode(with:)`, as an instance of the class being decoded,
    /// with its `identifier` and parameter values; nil when the archive is of another intent, or
    /// a parameter is unknown to the class or has the wrong kind.
    ///
    /// A subclass with an initializer of its own implements it as
    /// `required init?(coder: NSCoder) { super.init(coder: coder) }`, as on Apple's systems.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        super.init()
        guard let payload = IntentArchive.decode(IntentPayload.self, from: coder, of: Self.self) else { return nil }
        guard payload.name == Self.intentName else {
            IntentArchive.fail(coder, "The archive holds \(payload.name), not \(Self.intentName).")
            return nil
        }
        do {
            try assign(payload, parameters: Self.parametersByName(of: self))
        } catch {
            IntentArchive.fail(coder, "The archive of \(Self.intentName) is corrupt: \(error)")
            return nil
        }
        intentDescription = IntentArchive.string(forKey: "intentDescription", from: coder)
        suggestedInvocationPhrase = IntentArchive.string(forKey: "suggestedInvocationPhrase", from: coder)
    }

    /// An intent of the same class with the same `identifier`, parameter values, description and
    /// suggested phrase; setting a parameter of the copy leaves this intent's alone.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The new intent.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        // The values come from this very class, so they fit its parameters.
        try? copy.assign(payload, parameters: Self.parametersByName(of: copy))
        copy.intentDescription = intentDescription
        copy.suggestedInvocationPhrase = suggestedInvocationPhrase
        return copy
    }

    /// The name the intent has in `IntentsSupported`: the class name without its module.
    open class var intentName: String { String(describing: self) }

    /// What the intent's definition file says of it; generated code overrides this.
    open class var intentDefinitionMetadata: INIntentDefinitionMetadata? { nil }

    /// How the SDK calls a handler for this intent. Each intent class with a handling
    /// protocol overrides this; generated code does it for custom intents.
    open class var handlingTable: (any INIntentHandlingDispatching)? { nil }

    /// The parameters, in declared order, as the host sees them.
    public static var schema: IntentSchema {
        let sample = self.init()
        return IntentSchema(name: intentName,
                            parameters: reflectedParameters(of: sample).map { $0.parameter.schema(named: $0.name) })
    }

    /// The intent as it crosses the process boundary: its name and typed parameter values.
    package var payload: IntentPayload {
        var values: [String: IntentValue] = [:]
        for (name, parameter) in reflectedParameters(of: self) {
            if let value = parameter.intentValue { values[name] = value }
        }
        return IntentPayload(name: IntentClassCache.shared.name(of: Self.self), identifier: identifier, parameters: values)
    }

    /// Makes an intent of this class from its wire form.
    /// - Throws: `ExtensionFailure` (`.unknownParameter`, `.badRequest`) naming the parameter.
    static func make(from payload: IntentPayload) throws -> Self {
        let intent = self.init()
        try intent.assign(payload, parameters: parametersByName(of: intent))
        return intent
    }

    /// The intent's parameters by name, found by reflection.
    private static func parametersByName(of intent: INIntent) -> [String: any ErasedIntentParameter] {
        Dictionary(reflectedParameters(of: intent).map { ($0.name, $0.parameter) }, uniquingKeysWith: { first, _ in first })
    }

    /// Sets `identifier` and the parameter values of `payload`.
    /// - Throws: `ExtensionFailure` (`.unknownParameter`, `.badRequest`) naming the parameter.
    private func assign(_ payload: IntentPayload, parameters: [String: any ErasedIntentParameter]) throws {
        identifier = payload.identifier
        for (name, value) in payload.parameters {
            guard let parameter = parameters[name] else {
                throw ExtensionFailure(.unknownParameter, "\(Self.intentName) has no parameter named \"\(name)\".")
            }
            guard parameter.assign(value) else {
                throw ExtensionFailure(.badRequest, "Parameter \"\(name)\" of \(Self.intentName) cannot hold the value \"\(value.displayString)\".")
            }
        }
    }

    /// The intent's name and its parameter values, sorted by name, as the host would show them:
    /// `OrderPizzaIntent(kind: pepperoni, quantity: 2)`.
    open override var description: String {
        let values = payload.parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.displayString)" }
        return "\(Self.intentName)(\(values.joined(separator: ", ")))"
    }
}
