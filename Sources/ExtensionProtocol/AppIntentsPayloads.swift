/// What an extension's App Intents are, as the host learns them once per library: its
/// intents with their parameters, the entity and enum types they use, and its App Shortcuts.
///
/// The SDK builds it from the Swift types the bundle's plist names (`AppIntents`); the host
/// validates it as hostile input (`AppIntentsMetadataCheck`) before it uses any of it.
public struct AppIntentsMetadata: Codable, Hashable, Sendable {
    public var intents: [AppIntentSchema]
    public var entities: [AppEntitySchema]
    public var enums: [AppEnumSchema]
    /// In source order: the order of display, as on Apple's systems.
    public var shortcuts: [AppShortcutSchema]

    public init(intents: [AppIntentSchema] = [], entities: [AppEntitySchema] = [], enums: [AppEnumSchema] = [],
                shortcuts: [AppShortcutSchema] = []) {
        self.intents = intents
        self.entities = entities
        self.enums = enums
        self.shortcuts = shortcuts
    }

    /// The intent whose short name (`StartMeditationIntent`) is `name`.
    public func intent(named name: String) -> AppIntentSchema? {
        intents.first { $0.name == name }
    }

    /// The intent whose module-qualified type name is `typeName`.
    public func intent(typeName: String) -> AppIntentSchema? {
        intents.first { $0.typeName == typeName }
    }

    public func entity(typeName: String) -> AppEntitySchema? {
        entities.first { $0.typeName == typeName }
    }

    public func enumeration(typeName: String) -> AppEnumSchema? {
        enums.first { $0.typeName == typeName }
    }
}

/// `IntentAuthenticationPolicy`: when an App Intent may run, by lock state.
public enum AppIntentAuthenticationPolicy: String, Codable, Hashable, Sendable, CaseIterable {
    case alwaysAllowed
    case requiresAuthentication
    case requiresLocalDeviceAuthentication
}

/// One `AppIntent` type.
public struct AppIntentSchema: Codable, Hashable, Sendable {
    /// The type's own name (`StartMeditationIntent`): what `intents send` takes.
    public var name: String
    /// The module-qualified name (`MeditationKit.StartMeditationIntent`).
    public var typeName: String
    public var title: String
    public var description: String?
    public var authenticationPolicy: AppIntentAuthenticationPolicy
    public var openAppWhenRun: Bool
    /// The `@Parameter` properties, in declaration order.
    public var parameters: [AppParameterSchema]
    /// `isDiscoverable`: false for an intent that runs when asked by name (another intent's
    /// result, a test) but is never listed nor matched by a phrase.
    public var isDiscoverable: Bool
    /// The `parameterSummary`'s `Summary` text, with `${name}` for each parameter it shows
    /// (`Add ${quantity} ${name}`); for a `When` or `Switch`, the summary of its default branch.
    public var parameterSummary: String?
    /// What `perform()` returns as its value (`ReturnsValue<T>`); nil when it returns none.
    public var returnType: AppValueTypeSchema?
    /// Why the host cannot run it (a parameter of a type it cannot carry); nil when it can.
    /// Such an intent is listed and refused alone: the extension's other intents serve.
    public var unavailableReason: String?
    /// `CustomIntentMigratedAppIntent.intentClassName`: the SiriKit custom intent it replaces,
    /// whose donations and shortcuts now run it.
    public var customIntentClassName: String?

    public init(name: String, typeName: String, title: String, description: String? = nil,
                authenticationPolicy: AppIntentAuthenticationPolicy = .alwaysAllowed, openAppWhenRun: Bool = false,
                parameters: [AppParameterSchema] = [], isDiscoverable: Bool = true, parameterSummary: String? = nil,
                returnType: AppValueTypeSchema? = nil, unavailableReason: String? = nil, customIntentClassName: String? = nil) {
        self.name = name
        self.typeName = typeName
        self.title = title
        self.description = description
        self.authenticationPolicy = authenticationPolicy
        self.openAppWhenRun = openAppWhenRun
        self.parameters = parameters
        self.isDiscoverable = isDiscoverable
        self.parameterSummary = parameterSummary
        self.returnType = returnType
        self.unavailableReason = unavailableReason
        self.customIntentClassName = customIntentClassName
    }

    public func parameter(named name: String) -> AppParameterSchema? {
        parameters.first { $0.name == name }
    }
}

/// A value type in App Intents metadata: a result's value or an entity's property.
public struct AppValueTypeSchema: Codable, Hashable, Sendable {
    public var kind: AppValueKind
    /// The entity or enum type, module-qualified; nil for the other kinds.
    public var typeName: String?
    public var isOptional: Bool
    public var isList: Bool

    public init(kind: AppValueKind, typeName: String? = nil, isOptional: Bool = false, isList: Bool = false) {
        self.kind = kind
        self.typeName = typeName
        self.isOptional = isOptional
        self.isList = isList
    }
}

/// The kinds of value an App Intent parameter holds.
public enum AppValueKind: String, Codable, Hashable, Sendable, CaseIterable {
    case string, integer, double, boolean, date, url, entity, enumeration
}

/// One `@Parameter` of an App Intent.
public struct AppParameterSchema: Codable, Hashable, Sendable {
    /// The property's name, without the wrapper's underscore (`session`).
    public var name: String
    public var title: String
    public var kind: AppValueKind
    /// The entity or enum type, module-qualified; nil for the other kinds.
    public var typeName: String?
    public var isOptional: Bool
    public var isList: Bool
    /// Whether `@Parameter(default:)` gave it a value.
    public var hasDefault: Bool
    /// `requestValueDialog`, asked when the parameter needs a value.
    public var requestValueDialog: String?
    /// `description`: a longer explanation of the parameter.
    public var description: String?
    /// `requestDisambiguationDialog`, asked when several values match what the user said.
    public var requestDisambiguationDialog: String?
    /// `inclusiveRange`'s bounds, for a number.
    public var minimum: Double?
    public var maximum: Double?

    public init(name: String, title: String, kind: AppValueKind, typeName: String? = nil, isOptional: Bool = false,
                isList: Bool = false, hasDefault: Bool = false, requestValueDialog: String? = nil, description: String? = nil,
                requestDisambiguationDialog: String? = nil, minimum: Double? = nil, maximum: Double? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
        self.typeName = typeName
        self.isOptional = isOptional
        self.isList = isList
        self.hasDefault = hasDefault
        self.requestValueDialog = requestValueDialog
        self.description = description
        self.requestDisambiguationDialog = requestDisambiguationDialog
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether the host must ask for it before `perform()`: not optional, no default, not a list.
    public var isRequired: Bool { !isOptional && !hasDefault && !isList }
}

/// One `AppEntity` type.
public struct AppEntitySchema: Codable, Hashable, Sendable {
    public var typeName: String
    /// `typeDisplayRepresentation` (or the older `typeDisplayName`).
    public var displayName: String
    /// Whether its `defaultQuery` is an `EntityStringQuery`: spoken text is matched by it.
    public var matchesStrings: Bool
    /// Whether its `defaultQuery` is an `EnumerableEntityQuery`.
    public var isEnumerable: Bool
    /// Its `@Property` properties, in declaration order.
    public var properties: [AppEntityPropertySchema]
    /// A `TransientAppEntity`: made by intents, with no query to find it again.
    public var isTransient: Bool

    public init(typeName: String, displayName: String, matchesStrings: Bool = false, isEnumerable: Bool = false,
                properties: [AppEntityPropertySchema] = [], isTransient: Bool = false) {
        self.typeName = typeName
        self.displayName = displayName
        self.matchesStrings = matchesStrings
        self.isEnumerable = isEnumerable
        self.properties = properties
        self.isTransient = isTransient
    }
}

/// One `@Property` of an entity (`EntityProperty`).
public struct AppEntityPropertySchema: Codable, Hashable, Sendable {
    /// The property's name (`name`).
    public var name: String
    public var title: String
    public var type: AppValueTypeSchema

    public init(name: String, title: String, type: AppValueTypeSchema) {
        self.name = name
        self.title = title
        self.type = type
    }
}

/// One `AppEnum` type, with its cases in declaration order.
public struct AppEnumSchema: Codable, Hashable, Sendable {
    public var typeName: String
    public var displayName: String
    public var cases: [AppEnumCase]

    public init(typeName: String, displayName: String, cases: [AppEnumCase]) {
        self.typeName = typeName
        self.displayName = displayName
        self.cases = cases
    }
}

/// A case of an `AppEnum`: its raw value and the title of its `caseDisplayRepresentations`.
public struct AppEnumCase: Codable, Hashable, Sendable {
    public var identifier: String
    public var title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }
}

/// One `AppShortcut`: its intent and its phrases, with `${applicationName}` standing for the
/// app's names and `${parameter}` for a parameter's values, as Apple's `AppShortcuts.strings`
/// writes them. The first phrase is the primary one.
public struct AppShortcutSchema: Codable, Hashable, Sendable {
    /// The intent's module-qualified type name.
    public var intent: String
    public var phrases: [String]
    public var shortTitle: String?
    public var systemImageName: String?

    public init(intent: String, phrases: [String], shortTitle: String? = nil, systemImageName: String? = nil) {
        self.intent = intent
        self.phrases = phrases
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
    }

    /// The token that stands for the app's names in a phrase.
    public static let applicationNameToken = "${applicationName}"
}

/// What the host asks an entity's `defaultQuery`.
public enum EntityQueryRequest: Codable, Hashable, Sendable {
    /// `suggestedEntities()` (or `allEntities()` of an `EnumerableEntityQuery`).
    case suggested
    /// `entities(matching:)` of an `EntityStringQuery`.
    case matching(String)
    /// `entities(for:)`, by identifier.
    case identifiers([String])
    /// `allEntities()` of an `EnumerableEntityQuery`.
    case all
}

/// A request `perform()` made: a question for the user, which suspends it until answered.
public struct AppIntentQuestion: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// `$parameter.requestValue(_:)`: an open value.
        case value
        /// `$parameter.requestDisambiguation(among:dialog:)`: one of `choices`.
        case disambiguation
        /// `$parameter.requestConfirmation(for:dialog:)`: yes or no about `subject`.
        case parameterConfirmation
        /// `requestConfirmation(result:)`: yes or no about going ahead.
        case intentConfirmation
    }

    public var kind: Kind
    /// The parameter asked about; nil for an intent confirmation.
    public var parameter: String?
    public var dialog: String?
    public var choices: [IntentValue]
    public var subject: IntentValue?

    public init(kind: Kind, parameter: String? = nil, dialog: String? = nil, choices: [IntentValue] = [], subject: IntentValue? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.dialog = dialog
        self.choices = choices
        self.subject = subject
    }
}

/// The user's answer to an `AppIntentQuestion`.
public enum AppIntentAnswer: Codable, Hashable, Sendable {
    case value(IntentValue)
    /// The index of the choice picked, from 0.
    case choice(Int)
    case confirmation(Bool)
}

/// How `perform()` ended: its result's dialog, snippet and value, or the error it threw.
public struct AppIntentResultPayload: Codable, Hashable, Sendable {
    public var dialog: String?
    public var snippet: SnippetPayload?
    public var value: IntentValue?
    /// Whether the intent asked to open its app (`openAppWhenRun`, `OpensIntent`).
    public var opensApp: Bool
    /// What the error `perform()` threw says; nil when it returned.
    public var failure: String?
    /// The user answered no to a confirmation `perform()` asked for, which then threw.
    public var declinedByUser: Bool
    /// The error's own case, `String(describing: error)` (`quantityTooLarge(100)`), for an error
    /// of the app's (not the SDK's); nil when `perform()` returned. `failure` is what the user reads.
    public var failureCase: String?

    public init(dialog: String? = nil, snippet: SnippetPayload? = nil, value: IntentValue? = nil, opensApp: Bool = false,
                failure: String? = nil, declinedByUser: Bool = false, failureCase: String? = nil) {
        self.dialog = dialog
        self.snippet = snippet
        self.value = value
        self.opensApp = opensApp
        self.failure = failure
        self.declinedByUser = declinedByUser
        self.failureCase = failureCase
    }
}

/// What stands for a SwiftUI snippet view here: plain text or a small HTML document.
public struct SnippetPayload: Codable, Hashable, Sendable {
    public enum Format: String, Codable, Hashable, Sendable {
        case text, html
    }

    public var format: Format
    public var content: String

    public init(format: Format, content: String) {
        self.format = format
        self.content = content
    }
}
