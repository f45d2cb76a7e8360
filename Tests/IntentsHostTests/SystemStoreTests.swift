import ExtensionProtocol
import Foundation
import SQLiteSupport
import SystemCalls
import SystemStore
import Testing
import TestPrograms

/// The system store on a real SQLite file.
@Suite struct SystemStoreTests {
    let state = TemporaryFolder()

    func donation(_ app: String, _ name: String, at seconds: TimeInterval, group: String? = nil) -> Donation {
        Donation(app: app, kind: .interaction, date: Date(timeIntervalSince1970: seconds),
                 action: .intent(IntentPayload(name: name, parameters: ["n": .integer(Int(seconds))]), className: nil), groupIdentifier: group)
    }

    @Test func pastTheCapTheOldestDonationsOfThatAppAreEvicted() throws {
        let store = try SystemStore(stateFolder: state.path, donationCap: 3)
        for second in [50.0, 10, 40, 20, 30] { try store.donate(donation("a", "A", at: second)) }
        try store.donate(donation("b", "B", at: 1))
        #expect(try store.donations(app: "a").map(\.date.timeIntervalSince1970) == [30, 40, 50])
        #expect(try store.donations(app: "b").count == 1)
    }

    @Test func everythingSurvivesReopeningAndDeletionsAreSeenByOtherConnections() throws {
        let first = try SystemStore(stateFolder: state.path)
        try first.donate(donation("a", "A", at: 1, group: "g"))
        try first.donate(donation("a", "B", at: 2, group: "g"))
        try first.donate(donation("a", "C", at: 3))
        let kept = donation("a", "D", at: 4)
        try first.donate(kept)
        let shortcut = VoiceShortcutRecord(phrase: "Do D", app: "a", action: kept.action, donation: kept.identifier)
        try first.addVoiceShortcut(shortcut)
        try first.setVocabulary(["Zed", "Ann"], type: 1, app: "a")
        try first.setAuthorization(.denied, app: "a")

        let second = try SystemStore(stateFolder: state.path)
        #expect(try second.voiceShortcut(identifier: shortcut.identifier) == shortcut)
        #expect(try second.vocabulary(app: "a") == [VocabularyRecord(app: "a", type: 1, strings: ["Zed", "Ann"])])
        #expect(try second.authorization(app: "a") == .denied)
        #expect(try first.deleteDonations(app: "a", .groupIdentifier("g")) == 2)
        #expect(try second.donations().map(\.action.name) == ["C", "D"])
        #expect(try second.deleteDonations(app: "other", .all(nil)) == 0)
        #expect(try first.deleteDonations(app: "a", .identifiers([kept.identifier])) == 1)
        #expect(try second.donation(identifier: kept.identifier, app: "a") == nil)
    }

    /// Another process holds the store's write lock (an app's long transaction): writes wait
    /// on the store's writing thread, more of them than the pool has threads, while reads (on
    /// their own connection, which WAL lets read beside the lock) and the pool go on.
    @Test func writesWaitingForAnotherProcesssLockHoldUpNoReadAndNoPoolThread() async throws {
        let store = try SystemStore(stateFolder: state.path)
        try store.setAuthorization(.authorized, app: "a")
        let holder = try RawSQLiteConnection(path: store.path)
        try holder.run("BEGIN IMMEDIATE")
        try holder.run("DELETE FROM vocabulary")
        let waiting = AsyncStream<Int>.makeStream()
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let writes = (0...processors).map { index in
            Task {
                try await store.writing { store in
                    waiting.continuation.yield(index)
                    try store.donate(donation("a", "W\(index)", at: Double(index)))
                }
            }
        }
        // A write is waiting for the lock (it is past its start, and the lock is held); the
        // tasks reach the writing thread in any order.
        var started = waiting.stream.makeAsyncIterator()
        #expect(await started.next() != nil)
        #expect(try await store.reading { try $0.authorization(app: "a") } == .authorized)
        #expect(try store.authorization(app: "a") == .authorized, "a read on the pool does not wait either")
        #expect(try store.donations(app: "a").isEmpty, "no write got through the lock")
        try holder.run("COMMIT")
        for write in writes { try await write.value }
        #expect(try store.donations(app: "a").count == processors + 1)
    }

    /// While the store is open, no other process can take it out of WAL (it would need the file
    /// alone), so a write lock held elsewhere never blocks its reads. (Locks held on the
    /// `-shm` file's read marks still can: reads on the pool remain a way to stall it.)
    @Test func whileTheStoreIsOpenNoOtherProcessTakesItOutOfWAL() async throws {
        let store = try SystemStore(stateFolder: state.path)
        _ = try store.authorizations()
        let other = try await SpawnedProgram.run("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1], timeout=0.2)
            try:
                print(connection.execute("PRAGMA journal_mode = DELETE").fetchone()[0])
            except sqlite3.OperationalError as error:
                print(error)
            """, store.path])
        let said = String(decoding: other.stdout, as: UTF8.self)
        #expect(said == "database is locked\n", "\(said) \(String(decoding: other.stderr, as: UTF8.self))")
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func phrasesAreUniqueOnceNormalizedAndMustHaveWords() throws {
        let store = try SystemStore(stateFolder: state.path)
        let action = ShortcutAction.userActivity(UserActivityPayload(activityType: "show"))
        try store.addVoiceShortcut(VoiceShortcutRecord(phrase: "Café time", app: "a", action: action))
        let duplicate = #expect(throws: SystemStoreError.self) {
            try store.addVoiceShortcut(VoiceShortcutRecord(phrase: "CAFE  time!", app: "b", action: action))
        }
        #expect(duplicate?.code == .duplicatePhrase)
        let empty = #expect(throws: SystemStoreError.self) {
            try store.addVoiceShortcut(VoiceShortcutRecord(phrase: " ?! ", app: "a", action: action))
        }
        #expect(empty?.message == "A voice shortcut needs a phrase with at least one word; got \" ?! \".")
        let missing = #expect(throws: SystemStoreError.self) { try store.renameVoiceShortcut(identifier: UUID(), to: "x") }
        #expect(missing?.code == .notFound)
    }

    @Test func suggestionListsAreReplacedWhole() throws {
        let store = try SystemStore(stateFolder: state.path)
        let one = ShortcutAction.intent(IntentPayload(name: "One"), className: nil)
        let two = ShortcutAction.intent(IntentPayload(name: "Two"), className: nil)
        try store.setShortcutSuggestions([one, two], app: "a")
        try store.setShortcutSuggestions([two], app: "a")
        try store.setShortcutSuggestions([one], app: "b")
        #expect(try store.shortcutSuggestions().map(\.action) == [two, one])
        try store.setRelevantShortcuts([RelevantShortcutRecord(action: one, role: 1)], app: "a")
        #expect(try store.relevantShortcuts(app: "a").first?.action.role == 1)
    }

    @Test func anUnwritableStateFolderIsNamed() throws {
        let file = state.path + "/not-a-folder"
        try Data().write(to: URL(fileURLWithPath: file))
        let error = #expect(throws: SystemStoreError.self) { try SystemStore(stateFolder: file + "/state") }
        #expect(error?.message == "The state folder \"\(file)/state\" cannot be created: Not a directory.")
    }
}
