import ExtensionProtocol

/// What a donation or a voice shortcut runs, as the user's commands show it.
public struct ListedAction: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// An intent with its parameters.
        case intent(IntentPayload)
        /// A user activity its app continues.
        case userActivity(UserActivityPayload)
    }

    public var kind: Kind
    /// One line for a person: `OrderPizzaIntent(kind: funghi)`, `activity com.example.menu "Menu"`.
    public var summary: String

    public init(kind: Kind, summary: String) {
        self.kind = kind
        self.summary = summary
    }
}

/// A record of the store its listing skipped, because it does not decode.
public struct ListedInvalidRecord: Hashable, Sendable {
    /// `donation`, `voice shortcut`...
    public var kind: String
    public var identifier: String
    public var app: String
    public var problem: String

    public init(kind: String, identifier: String, app: String, problem: String) {
        self.kind = kind
        self.identifier = identifier
        self.app = app
        self.problem = problem
    }
}

/// A donation, as `intents donations list` shows it.
public struct ListedDonation: Hashable, Sendable {
    public var identifier: String
    /// The donating app's bundle identifier.
    public var app: String
    /// `interaction` or `userActivity`.
    public var kind: String
    /// When it was donated, as ISO 8601 in the request's time zone.
    public var date: String
    public var action: ListedAction
    public var groupIdentifier: String?
    public var responseCode: String?
    public var suggestedInvocationPhrase: String?
    public var persistentIdentifier: String?

    public init(identifier: String, app: String, kind: String, date: String, action: ListedAction, groupIdentifier: String?,
                responseCode: String?, suggestedInvocationPhrase: String?, persistentIdentifier: String?) {
        self.identifier = identifier
        self.app = app
        self.kind = kind
        self.date = date
        self.action = action
        self.groupIdentifier = groupIdentifier
        self.responseCode = responseCode
        self.suggestedInvocationPhrase = suggestedInvocationPhrase
        self.persistentIdentifier = persistentIdentifier
    }
}

/// A phrase the user attached to a donated shortcut.
public struct ListedVoiceShortcut: Hashable, Sendable {
    /// Its identifier, a UUID in upper case.
    public var identifier: String
    public var phrase: String
    public var app: String
    public var action: ListedAction
    /// The donation it was made from, if it still names one.
    public var donation: String?

    public init(identifier: String, phrase: String, app: String, action: ListedAction, donation: String?) {
        self.identifier = identifier
        self.phrase = phrase
        self.app = app
        self.action = action
        self.donation = donation
    }
}

/// An App Shortcut the host installed for its app, as `intents shortcuts list` shows it.
public struct ListedAppShortcutPhrases: Hashable, Sendable {
    public var app: String
    /// The extension's bundle identifier.
    public var extensionBundle: String
    public var intent: String
    /// The primary phrase, and every phrase, as the user reads them.
    public var phrase: String
    public var phrases: [String]
    /// The intent's `description` and `parameterSummary` (`${name}` for each parameter), when it has them.
    public var description: String?
    public var parameterSummary: String?

    public init(app: String, extensionBundle: String, intent: String, phrase: String, phrases: [String], description: String? = nil,
                parameterSummary: String? = nil) {
        self.app = app
        self.extensionBundle = extensionBundle
        self.intent = intent
        self.phrase = phrase
        self.phrases = phrases
        self.description = description
        self.parameterSummary = parameterSummary
    }
}

/// What `intents donations list` shows.
public struct DonationListing: Hashable, Sendable {
    public var donations: [ListedDonation]
    /// The records skipped because they do not decode, and the sentences that say so (for
    /// standard error).
    public var invalid: [ListedInvalidRecord]
    public var warnings: [String]

    public init(donations: [ListedDonation], invalid: [ListedInvalidRecord], warnings: [String]) {
        self.donations = donations
        self.invalid = invalid
        self.warnings = warnings
    }
}

/// What `intents shortcuts list` shows.
public struct VoiceShortcutListing: Hashable, Sendable {
    public var shortcuts: [ListedVoiceShortcut]
    public var appShortcuts: [ListedAppShortcutPhrases]
    /// As `DonationListing.invalid` and `warnings`.
    public var invalid: [ListedInvalidRecord]
    public var warnings: [String]

    public init(shortcuts: [ListedVoiceShortcut], appShortcuts: [ListedAppShortcutPhrases], invalid: [ListedInvalidRecord], warnings: [String]) {
        self.shortcuts = shortcuts
        self.appShortcuts = appShortcuts
        self.invalid = invalid
        self.warnings = warnings
    }
}

/// A shortcut ranked for a moment.
public struct ListedSuggestion: Hashable, Sendable {
    public var app: String
    public var action: ListedAction
    /// The donation it stands for, when one.
    public var donation: String?
    public var score: Double
    public var occurrences: Int
    /// The app marked it relevant now (`INRelevantShortcutStore`).
    public var isRelevantNow: Bool

    public init(app: String, action: ListedAction, donation: String?, score: Double, occurrences: Int, isRelevantNow: Bool) {
        self.app = app
        self.action = action
        self.donation = donation
        self.score = score
        self.occurrences = occurrences
        self.isRelevantNow = isRelevantNow
    }
}

/// What `intents suggestions` shows.
public struct SuggestionListing: Hashable, Sendable {
    /// The moment ranked for, as ISO 8601 in the request's time zone.
    public var at: String
    public var suggestions: [ListedSuggestion]
    /// The apps' own suggestions (`setShortcutSuggestions`): app and action.
    public var suggestedByApps: [ListedSuggestedShortcut]
    /// Sentences for standard error: the records skipped because they do not decode.
    public var warnings: [String]

    public init(at: String, suggestions: [ListedSuggestion], suggestedByApps: [ListedSuggestedShortcut], warnings: [String]) {
        self.at = at
        self.suggestions = suggestions
        self.suggestedByApps = suggestedByApps
        self.warnings = warnings
    }
}

/// A shortcut an app suggested.
public struct ListedSuggestedShortcut: Hashable, Sendable {
    public var app: String
    public var action: ListedAction

    public init(app: String, action: ListedAction) {
        self.app = app
        self.action = action
    }
}

/// The user's commands on the system store's records: what `donations`, `shortcuts` and
/// `suggestions` ask. Local times are the client's (`timeZone`: its `TZ`, else the server's).
public enum RecordsRequest: Hashable, Sendable {
    /// Donations, oldest first (of `app`, by name or bundle identifier, when given): `donations`.
    case donations(app: String?)
    /// Deletes donations by identifier (of `app` when given), or all (of `app`): `deleted`.
    case deleteDonations(identifiers: [String], app: String?, all: Bool)
    /// Voice shortcuts, then the App Shortcuts the host uses: `voiceShortcuts`.
    case voiceShortcuts
    /// Attaches a phrase to a donation (of `app` when several used the identifier): `voiceShortcut`.
    case addVoiceShortcut(phrase: String, donation: String, app: String?)
    /// Gives a voice shortcut (a UUID) a new phrase: `done`.
    case renameVoiceShortcut(identifier: String, phrase: String)
    /// Deletes a voice shortcut (a UUID): `done`; `usage` when none has the identifier.
    case deleteVoiceShortcut(identifier: String)
    /// The donated shortcuts ranked for now, at most `limit` (1 to 1000): `suggestions`.
    case suggestions(limit: Int)
}

/// A `RecordsRequest` with what every one of them carries.
public struct RecordsCommand: Hashable, Sendable {
    public var request: RecordsRequest
    /// The client's `TZ`, for local times; nil: the server's.
    public var timeZone: String?
    /// The apps folders the client means; a `usage` failure when the server serves others.
    public var appsFolders: [String]?

    public init(_ request: RecordsRequest, timeZone: String? = nil, appsFolders: [String]? = nil) {
        self.request = request
        self.timeZone = timeZone
        self.appsFolders = appsFolders
    }
}
