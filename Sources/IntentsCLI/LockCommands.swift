import ArgumentParser
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import IntentsServer
import CommandReports

struct LockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Lock the simulated device: restricted intents are refused until unlock.",
        discussion: """
        Examples:
          intents lock
          intents lock --before-first-unlock   # protected data unavailable too
        """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Locked and not unlocked since boot: IntentsRestrictedWhileProtectedDataUnavailable applies too.")
    var beforeFirstUnlock = false

    func run() async throws {
        let state: LockState = beforeFirstUnlock ? .lockedBeforeFirstUnlock : .locked
        try LockStateStore(stateFolder: global.resolvedStateFolder).save(state)
        printLine("Device is \(state.rawValue).")
    }
}

struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Unlock the simulated device.",
        discussion: "Example:\n  intents unlock")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try LockStateStore(stateFolder: global.resolvedStateFolder).save(.unlocked)
        printLine("Device is unlocked.")
    }
}

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the lock state, the folders in use and what was found there.",
        discussion: "Examples:\n  intents status\n  intents status --json")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let configuration = try global.hostConfiguration()
        let lock = LockStateStore(stateFolder: configuration.stateFolder).read()
        let setup = UserReports.setup(configuration: configuration, catalog: HostSession.catalog(for: configuration), lock: lock)
        if json {
            writeOutput(StatusReport.json(setup).text + "\n")
        } else {
            StatusReport.lines(setup).forEach(printLine)
        }
    }
}
