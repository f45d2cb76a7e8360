import ExtensionProtocol

extension ListedAction: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch kind {
        case .intent(let payload): writer.unsigned(0); writer.value(payload)
        case .userActivity(let activity): writer.unsigned(1); writer.value(activity)
        }
        writer.string(summary)
    }

    public init(from reader: inout WireReader) throws {
        let kind: Kind = try reader.tag(below: 2, of: "ListedAction") == 0 ? .intent(try reader.value()) : .userActivity(try reader.value())
        self.init(kind: kind, summary: try reader.string())
    }
}

extension ListedInvalidRecord: WireCodable {
    public func write(to writer: inout WireWriter) {
        for text in [kind, identifier, app, problem] { writer.string(text) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(kind: try reader.string(), identifier: try reader.string(), app: try reader.string(), problem: try reader.string())
    }
}

extension ListedDonation: WireCodable {
    public func write(to writer: inout WireWriter) {
        for text in [identifier, app, kind, date] { writer.string(text) }
        writer.value(action)
        for text in [groupIdentifier, responseCode, suggestedInvocationPhrase, persistentIdentifier] { writer.optional(text) { $0.string($1) } }
    }

    public init(from reader: inout WireReader) throws {
        self.init(identifier: try reader.string(), app: try reader.string(), kind: try reader.string(), date: try reader.string(),
                  action: try reader.value(), groupIdentifier: try reader.optional { try $0.string() },
                  responseCode: try reader.optional { try $0.string() }, suggestedInvocationPhrase: try reader.optional { try $0.string() },
                  persistentIdentifier: try reader.optional { try $0.string() })
    }
}

extension ListedVoiceShortcut: WireCodable {
    public func write(to writer: inout WireWriter) {
        for text in [identifier, phrase, app] { writer.string(text) }
        writer.value(action)
        writer.optional(donation) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(identifier: try reader.string(), phrase: try reader.string(), app: try reader.string(), action: try reader.value(),
                  donation: try reader.optional { try $0.string() })
    }
}

extension ListedAppShortcutPhrases: WireCodable {
    public func write(to writer: inout WireWriter) {
        for text in [app, extensionBundle, intent, phrase] { writer.string(text) }
        writer.array(phrases) { $0.string($1) }
        writer.optional(description) { $0.string($1) }
        writer.optional(parameterSummary) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(app: try reader.string(), extensionBundle: try reader.string(), intent: try reader.string(), phrase: try reader.string(),
                  phrases: try reader.array { try $0.string() }, description: try reader.optional { try $0.string() },
                  parameterSummary: try reader.optional { try $0.string() })
    }
}

extension DonationListing: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(donations) { $0.value($1) }
        writer.array(invalid) { $0.value($1) }
        writer.array(warnings) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(donations: try reader.array { try $0.value() }, invalid: try reader.array { try $0.value() },
                  warnings: try reader.array { try $0.string() })
    }
}

extension VoiceShortcutListing: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(shortcuts) { $0.value($1) }
        writer.array(appShortcuts) { $0.value($1) }
        writer.array(invalid) { $0.value($1) }
        writer.array(warnings) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(shortcuts: try reader.array { try $0.value() }, appShortcuts: try reader.array { try $0.value() },
                  invalid: try reader.array { try $0.value() }, warnings: try reader.array { try $0.string() })
    }
}

extension SuggestionListing: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(at)
        writer.array(suggestions) { writer, suggestion in
            writer.string(suggestion.app)
            writer.value(suggestion.action)
            writer.optional(suggestion.donation) { $0.string($1) }
            writer.double(suggestion.score)
            writer.int(suggestion.occurrences)
            writer.bool(suggestion.isRelevantNow)
        }
        writer.array(suggestedByApps) { writer, suggested in
            writer.string(suggested.app)
            writer.value(suggested.action)
        }
        writer.array(warnings) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(at: try reader.string(),
                  suggestions: try reader.array { reader in
                      ListedSuggestion(app: try reader.string(), action: try reader.value(), donation: try reader.optional { try $0.string() },
                                       score: try reader.double(), occurrences: try reader.int(), isRelevantNow: try reader.bool())
                  },
                  suggestedByApps: try reader.array { reader in ListedSuggestedShortcut(app: try reader.string(), action: try reader.value()) },
                  warnings: try reader.array { try $0.string() })
    }
}

extension RecordsCommand: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch request {
        case .donations(let app):
            writer.unsigned(0); writer.optional(app) { $0.string($1) }
        case .deleteDonations(let identifiers, let app, let all):
            writer.unsigned(1); writer.array(identifiers) { $0.string($1) }; writer.optional(app) { $0.string($1) }; writer.bool(all)
        case .voiceShortcuts:
            writer.unsigned(2)
        case .addVoiceShortcut(let phrase, let donation, let app):
            writer.unsigned(3); writer.string(phrase); writer.string(donation); writer.optional(app) { $0.string($1) }
        case .renameVoiceShortcut(let identifier, let phrase):
            writer.unsigned(4); writer.string(identifier); writer.string(phrase)
        case .deleteVoiceShortcut(let identifier):
            writer.unsigned(5); writer.string(identifier)
        case .suggestions(let limit):
            writer.unsigned(6); writer.int(limit)
        }
        writer.optional(timeZone) { $0.string($1) }
        writer.optional(appsFolders) { writer, folders in writer.array(folders) { $0.string($1) } }
    }

    public init(from reader: inout WireReader) throws {
        let request: RecordsRequest
        switch try reader.tag(below: 7, of: "RecordsRequest") {
        case 0: request = .donations(app: try reader.optional { try $0.string() })
        case 1: request = .deleteDonations(identifiers: try reader.array { try $0.string() }, app: try reader.optional { try $0.string() }, all: try reader.bool())
        case 2: request = .voiceShortcuts
        case 3: request = .addVoiceShortcut(phrase: try reader.string(), donation: try reader.string(), app: try reader.optional { try $0.string() })
        case 4: request = .renameVoiceShortcut(identifier: try reader.string(), phrase: try reader.string())
        case 5: request = .deleteVoiceShortcut(identifier: try reader.string())
        default: request = .suggestions(limit: try reader.int())
        }
        self.init(request, timeZone: try reader.optional { try $0.string() },
                  appsFolders: try reader.optional { reader in try reader.array { try $0.string() } })
    }
}
