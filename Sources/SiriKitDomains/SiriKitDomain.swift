/// One SiriKit domain as data: its system intents, with their parameters, resolution results,
/// response codes and policy, and the enums and types they use.
///
/// The SDK's classes for the domain (`INAddTasksIntent`, `INAddTasksIntentHandling`,
/// `INAddTasksIntentResponse`, `INTask`, `INTaskStatus`...) are generated from this data at
/// build time, and the host's policies (authorization, always restricted while locked, the
/// system's confirmation) read the same data. Adding a domain is a data file and a test.
public struct SiriKitDomain: Sendable {
    /// `Lists and notes`, `Messaging`...
    public var name: String
    public var intents: [SystemIntent]
    public var enums: [SystemEnum]
    public var types: [SystemType]
    /// Per-parameter resolution results shared by several intents of the domain
    /// (`INSendMessageRecipientResolutionResult` also serves search, say).
    public var results: [SystemResult]
    public var optionSets: [SystemOptionSet]
    /// The domain's intents the SDK has no classes for yet: the host's policies still know them.
    public var otherIntents: [SystemIntentPolicy]

    public init(name: String, intents: [SystemIntent], enums: [SystemEnum] = [], optionSets: [SystemOptionSet] = [],
                types: [SystemType] = [], results: [SystemResult] = [], otherIntents: [SystemIntentPolicy] = []) {
        self.name = name
        self.otherIntents = otherIntents
        self.intents = intents
        self.enums = enums
        self.optionSets = optionSets
        self.types = types
        self.results = results
    }
}

/// A system intent: `INAddTasksIntent`, its handling protocol and its response.
public struct SystemIntent: Sendable {
    /// The class name, `IN...Intent`.
    public var name: String
    /// One sentence for the class's doc comment.
    public var summary: String
    /// The parameters, in the order of Apple's initializer (which is also the resolution order).
    public var parameters: [SystemParameter]
    /// The response codes' names, numbered from 0 in this order as Apple numbers this intent's
    /// (a code written `name=N` has the number N, and the next ones follow it).
    public var responseCodes: [String]
    /// The response's output properties.
    public var outputs: [SystemProperty]
    /// Whether Apple refuses the intent while the device is locked, whatever the extension says.
    public var alwaysRestrictedWhileLocked: Bool
    /// Siri's question before `handle` ("Ready to send it?"), when it asks one.
    public var confirmationPrompt: String?
    /// Whether the app needs the user's Siri authorization first (every domain intent does).
    public var requiresAuthorization: Bool
    /// Methods of the handling protocol beyond resolve, confirm and handle, each a Swift
    /// declaration, the body of its default (`startSendingUpdates(for:to:)`), and a sentence
    /// for its doc comment.
    public var otherRequirements: [(declaration: String, defaultBody: String, summary: String)]

    public init(_ name: String, _ summary: String, parameters: [SystemParameter], responseCodes: [String],
                outputs: [SystemProperty] = [], alwaysRestrictedWhileLocked: Bool = false,
                confirmationPrompt: String? = nil, requiresAuthorization: Bool = true,
                otherRequirements: [(declaration: String, defaultBody: String, summary: String)] = []) {
        self.otherRequirements = otherRequirements
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.responseCodes = responseCodes
        self.outputs = outputs
        self.alwaysRestrictedWhileLocked = alwaysRestrictedWhileLocked
        self.confirmationPrompt = confirmationPrompt
        self.requiresAuthorization = requiresAuthorization
    }

    /// What the host's policies need of it.
    public var policy: SystemIntentPolicy {
        SystemIntentPolicy(name, alwaysRestrictedWhileLocked: alwaysRestrictedWhileLocked,
                           confirmationPrompt: confirmationPrompt, requiresAuthorization: requiresAuthorization)
    }
}

/// What the host decides about a system intent before any extension code runs.
public struct SystemIntentPolicy: Sendable, Hashable {
    public var name: String
    /// Apple refuses it while the device is locked, whatever the extension's plist says.
    public var alwaysRestrictedWhileLocked: Bool
    /// Siri's question before `handle`, when it asks one.
    public var confirmationPrompt: String?
    /// The app needs the user's Siri authorization.
    public var requiresAuthorization: Bool

    public init(_ name: String, alwaysRestrictedWhileLocked: Bool = false, confirmationPrompt: String? = nil,
                requiresAuthorization: Bool = true) {
        self.name = name
        self.alwaysRestrictedWhileLocked = alwaysRestrictedWhileLocked
        self.confirmationPrompt = confirmationPrompt
        self.requiresAuthorization = requiresAuthorization
    }
}

/// A property of an intent, a response or a type: `targetTaskList: INTaskList?`.
public struct SystemProperty: Sendable {
    public var name: String
    /// The element's Swift type: `INTaskList`, `INSpeakableString`, `NSNumber`, `INTaskPriority`...
    public var type: String
    public var isList: Bool
    /// Non-optional in Apple's API (enums, and a few others such as `INTask.title`).
    public var isRequired: Bool
    /// What prompts call it: `list`, `recipient`.
    public var title: String?
    /// For `NSNumber`: `integer`, `double` or `boolean`.
    public var valueType: String?
    /// Swift source for the initializer argument's default, for arguments Apple added later
    /// (so that both the older and the newer initializer calls compile).
    public var defaultValue: String?
    /// Whether the value crosses the process boundary; false for what the SDK cannot carry
    /// (`attachments: [Any]?`), which stays a plain stored property.
    public var crossesBoundary: Bool

    public init(_ name: String, _ type: String, list: Bool = false, required: Bool = false, title: String? = nil,
                valueType: String? = nil, defaultValue: String? = nil, crossesBoundary: Bool = true) {
        self.name = name
        self.crossesBoundary = crossesBoundary
        self.type = type
        self.isList = list
        self.isRequired = required
        self.title = title
        self.valueType = valueType
        self.defaultValue = defaultValue
    }
}

/// An intent parameter: a property, and how its handler resolves it.
public struct SystemParameter: Sendable {
    public var property: SystemProperty
    /// The class `resolve<Name>` answers with; nil for the type's own result
    /// (`INTaskList` -> `INTaskListResolutionResult`), and no resolve method when `resolves` is false.
    public var result: String?
    /// Whether the handling protocol has `resolve<Name>`.
    public var resolves: Bool

    public init(_ name: String, _ type: String, list: Bool = false, required: Bool = false, title: String? = nil,
                valueType: String? = nil, defaultValue: String? = nil, result: String? = nil, resolves: Bool = true,
                crossesBoundary: Bool = true) {
        self.property = SystemProperty(name, type, list: list, required: required, title: title, valueType: valueType,
                                       defaultValue: defaultValue, crossesBoundary: crossesBoundary)
        self.result = result
        self.resolves = resolves && crossesBoundary
    }

    public var name: String { property.name }
}

/// A per-parameter resolution result with its own unsupported reasons:
/// `INStartCallContactResolutionResult` and `INStartCallContactUnsupportedReason`.
public struct SystemResult: Sendable {
    public var name: String
    /// The kind's result it refines: `INPersonResolutionResult`.
    public var base: String
    /// The unsupported reasons' enum, numbered from 1 as Apple numbers them; nil when the
    /// result only narrows the kind (`INAddTasksTargetTaskListResolutionResult`).
    public var reasonType: String?
    public var reasons: [Reason]

    public struct Reason: Sendable {
        public var name: String
        /// What the host tells the user.
        public var description: String
        /// Apple's number, when it does not follow the previous one.
        public var number: Int?

        public init(_ name: String, _ description: String, number: Int? = nil) {
            self.name = name
            self.description = description
            self.number = number
        }
    }

    /// Apple's confirmation reasons (`INAddTasksTargetTaskListConfirmationReason`), numbered
    /// from 1, for `confirmationRequired(with:forReason:)`; nil when there are none.
    public var confirmationReasonType: String?
    public var confirmationReasons: [String]
    /// The value `confirmationRequired(with:forReason:)` takes: `INTaskList`.
    public var confirmedType: String?

    public init(_ name: String, base: String, reasonType: String? = nil, reasons: [Reason] = [],
                confirmationReasonType: String? = nil, confirmationReasons: [String] = [], confirmedType: String? = nil) {
        self.confirmationReasonType = confirmationReasonType
        self.confirmationReasons = confirmationReasons
        self.confirmedType = confirmedType
        self.name = name
        self.base = base
        self.reasonType = reasonType
        self.reasons = reasons
    }
}

/// An enum of the domain: `INTaskStatus`, with `Int` raw values as Apple numbers them.
public struct SystemEnum: Sendable {
    public var name: String
    public var summary: String
    /// Case names, numbered from 0 (`unknown` first) unless a case says `name=N`.
    public var cases: [String]
    /// What each case means, by case name, for its doc comment (in the SDK's words, after
    /// Apple's documentation); the case numbered 0 may go without, as it means no value.
    public var caseSummaries: [String: String]
    /// Whether the SDK has `<Name>ResolutionResult` for it.
    public var hasResolutionResult: Bool

    public init(_ name: String, _ summary: String, cases: [String], summaries: [String: String] = [:],
                hasResolutionResult: Bool = true) {
        self.name = name
        self.summary = summary
        self.cases = cases
        self.caseSummaries = summaries
        self.hasResolutionResult = hasResolutionResult
    }

    /// The cases with their numbers.
    public var numberedCases: [(name: String, number: Int)] { numbered(cases) }
}

extension SystemIntent {
    /// The response codes with their numbers.
    public var numberedResponseCodes: [(name: String, number: Int)] { numbered(responseCodes) }
}

/// Names numbered from 0 in order, where `name=N` sets the number and the next ones follow it.
/// A malformed number is kept as written, for the generator's check to report.
func numbered(_ entries: [String]) -> [(name: String, number: Int)] {
    var next = 0
    return entries.map { entry in
        let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            defer { next += 1 }
            return (entry, next)
        }
        let number = Int(parts[1]) ?? -1
        next = number + 1
        return (String(parts[0]), number)
    }
}

/// A value type of the domain: `INTask`, an `NSObject` subclass with read-only properties set by
/// its initializer, crossing the process boundary as an object with properties.
public struct SystemType: Sendable {
    public var name: String
    public var summary: String
    /// The properties, in the order of Apple's initializer.
    public var properties: [SystemProperty]
    /// The property a user names the value by (`title`), a `String` or `INSpeakableString`:
    /// it is the value's display string, and a typed name fills it.
    public var displayProperty: String?
    /// The argument labels of Apple's initializer when they differ from the property names
    /// (`INNote`'s `contents:` for `contents`...); by property name.
    public var initializerLabels: [String: String]
    /// Whether the SDK has `<Name>ResolutionResult` for it.
    public var hasResolutionResult: Bool
    /// Whether its properties are settable after initialization, as Apple's are for the types an
    /// extension fills in (`INRideStatus`); read-only otherwise.
    public var isMutable: Bool

    public init(_ name: String, _ summary: String, properties: [SystemProperty], displayProperty: String? = nil,
                initializerLabels: [String: String] = [:], hasResolutionResult: Bool = true, isMutable: Bool = false) {
        self.isMutable = isMutable
        self.name = name
        self.summary = summary
        self.properties = properties
        self.displayProperty = displayProperty
        self.initializerLabels = initializerLabels
        self.hasResolutionResult = hasResolutionResult
    }
}

/// An option set of the domain: `INMessageAttributeOptions`, bit `i` for the `i`th option. It
/// crosses the process boundary as a list of its options' names, so that a user can type
/// `unread,flagged`.
public struct SystemOptionSet: Sendable {
    public var name: String
    public var summary: String
    public var options: [String]
    /// What each option means, by option name, for its doc comment.
    public var optionSummaries: [String: String]

    public init(_ name: String, _ summary: String, options: [String], summaries: [String: String] = [:]) {
        self.name = name
        self.summary = summary
        self.options = options
        self.optionSummaries = summaries
    }
}
