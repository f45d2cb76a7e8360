import ExtensionProtocol
import Foundation
import SystemCalls
import SystemStore
import Testing

/// Every system call an app makes writes that app's rows only: app B performing a call with
/// app A's keys (a donation identifier, a group or persistent identifier, a vocabulary type, a
/// voice shortcut's identifier) leaves A's rows as they were. Calls go through
/// `SystemStore.perform(_:app:)`, as `intents serve` performs them for the app it named.
@Suite struct SystemStoreAppScopeTests {
    let state = TemporaryFolder()
    let a = "com.example.A"
    let b = "com.example.B"

    func action(_ name: String) -> ShortcutAction {
        .intent(IntentPayload(name: name, parameters: ["n": .string(name)]), className: nil)
    }

    func donation(_ identifier: String, _ app: String, _ name: String, kind: Donation.Kind = .interaction, group: String? = nil,
                  persistent: String? = nil, at seconds: TimeInterval = 100) -> Donation {
        Donation(identifier: identifier, app: app, kind: kind, date: Date(timeIntervalSince1970: seconds), action: action(name),
                 groupIdentifier: group, persistentIdentifier: persistent)
    }

    @Test func aDonationWithAnotherAppsIdentifierReplacesOnlyTheDonorsOwn() throws {
        let store = try SystemStore(stateFolder: state.path)
        let own = donation("shared-id", a, "AOrder", at: 100)
        _ = try store.perform(.donate(own), app: a)
        // B chooses A's identifier, and even claims to be A: the call is B's.
        #expect(try store.perform(.donate(donation("shared-id", a, "BOrder", at: 200)), app: b) == .done)
        #expect(try store.donations(app: a) == [own])
        #expect(try store.donations(app: b) == [donation("shared-id", b, "BOrder", at: 200)])
        // The same identifier again from B replaces B's own, still not A's.
        _ = try store.perform(.donate(donation("shared-id", b, "BAgain", at: 300)), app: b)
        #expect(try store.donations(app: a) == [own])
        #expect(try store.donations(app: b).map(\.action) == [action("BAgain")])
    }

    @Test func aDonationIsFoundByItsIdentifierAndApp() throws {
        let store = try SystemStore(stateFolder: state.path)
        let first = donation("shared-id", b, "BOrder", at: 100), second = donation("shared-id", a, "AOrder", at: 200)
        try store.donate(first)
        try store.donate(second)
        #expect(try store.donations(identifier: "shared-id") == [second, first])
        #expect(try store.donation(identifier: "shared-id", app: a) == second)
        #expect(try store.donation(identifier: "shared-id", app: b) == first)
        #expect(try store.donation(identifier: "shared-id", app: "com.example.C") == nil)
        #expect(try store.donations(identifier: "other").isEmpty)
    }

    @Test func deletionsWithAnotherAppsKeysDeleteNothingOfIt() throws {
        let store = try SystemStore(stateFolder: state.path)
        let owned = [donation("d1", a, "One", group: "g"), donation("d2", a, "Two", kind: .userActivity, persistent: "p", at: 101)]
        for item in owned { _ = try store.perform(.donate(item), app: a) }
        let selections: [SystemStore.DonationSelection] = [
            .identifiers(["d1", "d2"]), .groupIdentifier("g"), .persistentIdentifiers(["p"]), .all(nil), .all(.userActivity),
        ]
        for selection in selections {
            #expect(try store.perform(.deleteDonations(selection), app: b) == .count(0), "\(selection)")
        }
        #expect(try store.donations(app: a) == owned)
        #expect(try store.perform(.deleteDonations(.identifiers(["d1"])), app: a) == .count(1))
    }

    @Test func voiceShortcutsOfAnotherAppAreNeitherListedNorFound() throws {
        let store = try SystemStore(stateFolder: state.path)
        let shortcut = VoiceShortcutRecord(phrase: "order the usual", app: a, action: action("AOrder"), donation: "d1")
        try store.addVoiceShortcut(shortcut)
        #expect(try store.perform(.voiceShortcuts, app: b) == .voiceShortcuts([]))
        #expect(try store.perform(.voiceShortcut(shortcut.identifier), app: b) == .voiceShortcut(nil))
        #expect(try store.perform(.voiceShortcut(shortcut.identifier), app: a) == .voiceShortcut(shortcut))
        #expect(try store.voiceShortcuts() == [shortcut])
    }

    @Test func shortcutSuggestionsOfAnotherAppAreNotReplaced() throws {
        let store = try SystemStore(stateFolder: state.path)
        _ = try store.perform(.setShortcutSuggestions([action("A1"), action("A2")]), app: a)
        _ = try store.perform(.setShortcutSuggestions([action("B1")]), app: b)
        _ = try store.perform(.setShortcutSuggestions([]), app: b)
        #expect(try store.shortcutSuggestions(app: a).map(\.action) == [action("A1"), action("A2")])
        #expect(try store.shortcutSuggestions(app: b).isEmpty)
    }

    @Test func relevantShortcutsOfAnotherAppAreNotReplaced() throws {
        let store = try SystemStore(stateFolder: state.path)
        let owned = [RelevantShortcutRecord(action: action("A1"), role: 1)]
        _ = try store.perform(.setRelevantShortcuts(owned), app: a)
        _ = try store.perform(.setRelevantShortcuts([RelevantShortcutRecord(action: action("B1"))]), app: b)
        #expect(try store.relevantShortcuts(app: a).map(\.action) == owned)
        #expect(try store.relevantShortcuts(app: b).map(\.action) == [RelevantShortcutRecord(action: action("B1"))])
        _ = try store.perform(.setRelevantShortcuts([]), app: b)
        #expect(try store.relevantShortcuts(app: a).map(\.action) == owned)
        #expect(try store.relevantShortcuts(app: b).isEmpty)
    }

    @Test func vocabularyOfAnotherAppIsNotReplacedNorRemoved() throws {
        let store = try SystemStore(stateFolder: state.path)
        _ = try store.perform(.setVocabulary(["Bobo", "Kiki"], type: 1), app: a)
        _ = try store.perform(.setVocabulary(["Momo"], type: 1), app: b)
        #expect(try store.vocabulary() == [VocabularyRecord(app: a, type: 1, strings: ["Bobo", "Kiki"]),
                                           VocabularyRecord(app: b, type: 1, strings: ["Momo"])])
        _ = try store.perform(.removeAllVocabulary, app: b)
        #expect(try store.vocabulary() == [VocabularyRecord(app: a, type: 1, strings: ["Bobo", "Kiki"])])
    }

    @Test func anotherAppsAuthorizationIsNeitherReadNorDecided() throws {
        let store = try SystemStore(stateFolder: state.path)
        try store.setAuthorization(.denied, app: a)
        #expect(try store.perform(.authorization, app: b) == .authorization(.notDetermined))
        // Whatever B's request decides is B's, never A's.
        let asked = try store.perform(.requestAuthorization(displayName: "A", usageDescription: "A's"), app: b) { .authorized }
        #expect(asked == .authorization(.authorized))
        #expect(try store.authorizations() == [a: .denied, b: .authorized])
    }

    @Test func anotherAppsShortcutParameterRequestsAreNotCounted() throws {
        let store = try SystemStore(stateFolder: state.path)
        _ = try store.perform(.updateAppShortcutParameters, app: a)
        _ = try store.perform(.updateAppShortcutParameters, app: b)
        _ = try store.perform(.updateAppShortcutParameters, app: b)
        #expect(try store.appShortcutParameterGeneration(app: a) == 1)
        #expect(try store.appShortcutParameterGeneration(app: b) == 2)
    }

    /// The host's own tables (App Intents metadata, App Shortcut parameters) have no system
    /// call: nothing an app performs writes them, whatever keys it gives.
    @Test func noSystemCallWritesTheHostsOwnTables() throws {
        let store = try SystemStore(stateFolder: state.path)
        let metadata = AppIntentsMetadata()
        try store.saveAppIntentsMetadata(metadata, libraryHash: "hash-a", identity: "1:2:3:4:5")
        let parameters = AppShortcutParameterValues(libraryHash: "hash-a", generation: 1, entities: ["Session": [.string("Calm")]])
        try store.saveAppShortcutParameters(parameters, extension: a + ".Intents")
        let calls: [SystemCall] = [
            .donate(donation("d", a, "X")), .deleteDonations(.all(nil)), .voiceShortcuts, .voiceShortcut(UUID()),
            .setShortcutSuggestions([action("X")]), .setRelevantShortcuts([]), .setVocabulary(["x"], type: 1),
            .removeAllVocabulary, .authorization, .requestAuthorization(displayName: "A", usageDescription: "x"),
            .updateAppShortcutParameters,
        ]
        for call in calls { _ = try store.perform(call, app: b) }
        let refused = #expect(throws: SystemStoreError.self) { try store.perform(.appGroupContainer("group.com.example.A"), app: b) }
        #expect(refused == SystemStoreError(.invalid, "The container of the app group group.com.example.A is not the system store's to give."))
        #expect(try store.appIntentsMetadata(libraryHash: "hash-a") == metadata)
        #expect(try store.appIntentsLibraryHash(identity: "1:2:3:4:5") == "hash-a")
        #expect(try store.appIntentsMetadataCount() == 1)
        #expect(try store.appShortcutParameters(extension: a + ".Intents") == parameters)
    }
}
