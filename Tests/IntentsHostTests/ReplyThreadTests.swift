import ExtensionProcesses
import ExtensionProtocol
import Foundation
import IntentsHost
import SystemStore
import Testing
import TestPrograms

/// A conversation runs on the thread that reads its extension's replies once a reply resumed
/// it; what it waits for (the store, files) must wait elsewhere, or the other conversations
/// with that extension wait too.
@Suite struct ReplyThreadTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Conversation A matches a person against the user's contacts right after its first reply
    /// (describe), which reads the system store; another process holds the store's read marks,
    /// so that read waits. Conversation B, with the same extension process, must go on meanwhile:
    /// it ends while A still waits, before the lock is let go.
    @Test func aConversationWaitingForTheStoreHoldsUpNoOtherWithTheSameExtension() async throws {
        try addFaultyApp(to: apps.path)
        let contacts = state.path + "/people.vcf"
        try "BEGIN:VCARD\nVERSION:3.0\nUID:alice-1\nFN:Alice Smith\nTEL;TYPE=CELL:+1 555 0100\nEND:VCARD\n"
            .write(toFile: contacts, atomically: true, encoding: .utf8)
        var configuration = HostConfiguration(appsFolders: [apps.path], stateFolder: state.path, runnerPath: Package.runner,
                                              stepTimeout: .seconds(5))
        configuration.requiresSiriAuthorization = false
        configuration.contactsPath = contacts
        let dispatcher = IntentDispatcher(configuration: configuration)
        defer { Task { await dispatcher.shutdown() } }
        // The store open (in WAL, its -shm made) and the extension's process started, no intent described yet.
        _ = try dispatcher.openSystemStore().contactsPath()
        let bundle = try dispatcher.route("INSendMessageIntent")
        _ = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: bundle))

        // Another process takes every WAL read mark (bytes 123-127 of the -shm file): a read waits
        // for the busy timeout (10 s), longer than B's step deadline (5 s).
        let locker = try SpawnedProgram("/usr/bin/env", ["python3", "-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR)
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 5, 123, os.SEEK_SET)
            print("locked", flush=True)
            time.sleep(60)
            """, state.path + "/" + SystemStore.fileName + "-shm"])
        let lines = locker.outputLines()
        #expect(await lines.next() == "locked")

        let first = Task { () -> (error: String?, ended: ContinuousClock.Instant) in
            do {
                _ = try await dispatcher.send("INSendMessageIntent", parameters: [("recipients", "Alice"), ("content", "hi")],
                                              user: ScriptedUser(answers: ["yes"]), matchesContacts: true)
                return (nil, .now)
            } catch {
                return ("\(error)", .now)
            }
        }
        let second = try await dispatcher.send("INSendMessageIntent", parameters: [("recipients", "Bobo"), ("content", "hi")],
                                               user: ScriptedUser(answers: ["yes"]))
        let secondEnded = ContinuousClock.now
        #expect(second.outcome.step == .handle && second.outcome.response.codeName == "success")
        kill(locker.pid, SIGTERM)
        _ = await locker.ended()
        let outcome = await first.value
        #expect(outcome.ended > secondEnded, "A, waiting for the store, ended before B: \(outcome.error ?? "no error")")
    }
}
