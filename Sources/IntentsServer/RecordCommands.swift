import ExtensionProtocol
import Foundation
import HostBundles
import HostTools
import IntentsHost
import LocalAPI
import SystemCalls
import SystemStore

/// The user's commands on the system store's records (`donations`, `shortcuts`,
/// `suggestions`), carried out for the server's `records` request and for the embedded host
/// alike, so that both answer with the same values.
public enum RecordCommands {
    /// Carries out `request` on `store`, naming apps from `catalog`.
    /// - Parameters:
    ///   - appShortcuts: the installed App Shortcuts (asked only for the voice shortcuts' listing).
    ///   - timeZone: the client's `TZ`, for local times; nil: this process's.
    ///   - now: the moment suggestions are ranked for.
    /// - Throws: `HostError` (`.usage`: an unknown app, identifier or donation; `.badState`: a
    ///   store that cannot be used).
    ///
    /// The store's calls run on its writing and reading threads (`SystemStore.writing(_:)`,
    /// `reading(_:)`), never on the pool.
    public static func perform(_ request: RecordsRequest, store: SystemStore, catalog: BundleCatalog, timeZone: String?, now: Date = Date(),
                               appShortcuts: () async -> AppShortcutsSnapshot?) async throws -> HostReply {
        let zone = Self.timeZone(named: timeZone)
        do {
            switch request {
            case .donations(let app):
                let owner = try app.map { try catalog.app(named: $0).bundleIdentifier }
                let donations = try await store.reading { try $0.donations(app: owner) }
                return .donations(DonationListing(donations: donations.map { listed($0, timeZone: zone) }, invalid: invalid(in: store),
                                                  warnings: UserReports.skippedWarnings(in: store)))
            case .deleteDonations(let identifiers, let app, let all):
                let owner = try app.map { try catalog.app(named: $0).bundleIdentifier }
                let deleted = try await store.writing { store in
                    if all || owner != nil { return try store.deleteDonations(app: owner, all ? .all(nil) : .identifiers(identifiers)) }
                    // Each identifier's one app, found before anything is deleted: never several apps' at once.
                    return try DonationIdentifiers.owners(of: identifiers, in: store).reduce(0) { deleted, owner in
                        deleted + (try store.deleteDonations(app: owner.app, .identifiers(owner.identifiers)))
                    }
                }
                if !all && deleted < identifiers.count {
                    throw HostError(.usage, "Deleted \(deleted) of \(identifiers.count) donations; the others do not exist.")
                }
                return .deleted(deleted)
            case .voiceShortcuts:
                let shortcuts = try await store.reading { try $0.voiceShortcuts() }
                let installed = (await appShortcuts())?.shortcuts.filter(\.isUsed) ?? []
                return .voiceShortcuts(VoiceShortcutListing(shortcuts: shortcuts.map(listed), appShortcuts: installed.map { item in
                    ListedAppShortcutPhrases(app: item.app.bundleIdentifier, extensionBundle: item.bundle.bundleIdentifier, intent: item.intent.name,
                                             phrase: item.primaryPhrase,
                                             phrases: item.shortcut.phrases.map { AppShortcutPhrase.display($0, appName: item.app.displayName) },
                                             description: item.intent.description, parameterSummary: item.intent.parameterSummary)
                }, invalid: invalid(in: store), warnings: UserReports.skippedWarnings(in: store)))
            case .addVoiceShortcut(let phrase, let donation, let app):
                let owner = try app.map { try catalog.app(named: $0).bundleIdentifier }
                let shortcut = try await store.writing { store in
                    let donated = try DonationIdentifiers.donation(donation, app: owner, in: store)
                    let shortcut = VoiceShortcutRecord(phrase: phrase, app: donated.app, action: donated.action, donation: donated.identifier)
                    try store.addVoiceShortcut(shortcut)
                    return shortcut
                }
                return .voiceShortcut(listed(shortcut))
            case .renameVoiceShortcut(let identifier, let phrase):
                let shortcut = try uuid(identifier)
                try await store.writing { try $0.renameVoiceShortcut(identifier: shortcut, to: phrase) }
                return .done
            case .deleteVoiceShortcut(let identifier):
                let shortcut = try uuid(identifier)
                guard try await store.writing({ try $0.deleteVoiceShortcut(identifier: shortcut) }) else {
                    throw HostError(.usage, "No voice shortcut has the identifier \(identifier).")
                }
                return .done
            case .suggestions(let limit):
                guard (1...1000).contains(limit) else { throw HostError(.usage, "A limit of \(limit) is out of range; give 1 to 1000.") }
                let (donations, relevant, suggested) = try await store.reading { store in
                    (try store.donations(), try store.relevantShortcuts(), try store.shortcutSuggestions())
                }
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let ranked = SuggestionRanker(calendar: calendar).rank(donations: donations, relevant: relevant, at: now, limit: limit)
                return .suggestions(SuggestionListing(at: timestamp(now, in: zone), suggestions: ranked.map { suggestion in
                    ListedSuggestion(app: suggestion.app, action: listed(suggestion.action), donation: suggestion.donation, score: suggestion.score,
                                     occurrences: suggestion.occurrences, isRelevantNow: suggestion.isRelevantNow)
                }, suggestedByApps: suggested.map { ListedSuggestedShortcut(app: $0.app, action: listed($0.action)) },
                   warnings: UserReports.skippedWarnings(in: store)))
            }
        } catch let error as SystemStoreError {
            throw HostError(error.code == .unavailable || error.code == .corrupt ? .badState : .usage, error.message)
        }
    }

    /// A command's time zone: `TZ` (without a leading `:`), else this process's.
    public static func timeZone(named name: String?) -> TimeZone {
        name.flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
    }

    /// A date as ISO 8601 in `timeZone`.
    public static func timestamp(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }

    public static func listed(_ action: ShortcutAction) -> ListedAction {
        switch action {
        case .intent(let payload, _): ListedAction(kind: .intent(payload), summary: action.summary)
        case .userActivity(let activity): ListedAction(kind: .userActivity(activity), summary: action.summary)
        }
    }

    static func listed(_ donation: Donation, timeZone: TimeZone) -> ListedDonation {
        ListedDonation(identifier: donation.identifier, app: donation.app, kind: donation.kind.rawValue, date: timestamp(donation.date, in: timeZone),
                       action: listed(donation.action), groupIdentifier: donation.groupIdentifier, responseCode: donation.responseCode,
                       suggestedInvocationPhrase: donation.suggestedInvocationPhrase, persistentIdentifier: donation.persistentIdentifier)
    }

    static func listed(_ shortcut: VoiceShortcutRecord) -> ListedVoiceShortcut {
        ListedVoiceShortcut(identifier: shortcut.identifier.uuidString, phrase: shortcut.phrase, app: shortcut.app, action: listed(shortcut.action),
                            donation: shortcut.donation)
    }

    static func invalid(in store: SystemStore) -> [ListedInvalidRecord] {
        store.skippedRecords.map { ListedInvalidRecord(kind: $0.kind, identifier: $0.identifier, app: $0.app, problem: $0.problem) }
    }

    private static func uuid(_ text: String) throws -> UUID {
        guard let identifier = UUID(uuidString: text) else {
            throw HostError(.usage, "\"\(text)\" is not a shortcut identifier (a UUID, as `intents shortcuts list` shows).")
        }
        return identifier
    }
}
