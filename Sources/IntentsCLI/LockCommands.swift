import ArgumentParser
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost

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
        let catalog = HostSession.catalog(for: configuration)
        let probe = Result { try SandboxProbe.run(runnerPath: configuration.runnerPath, stateFolder: configuration.stateFolder) }
        let sandbox = try? probe.get()
        let probeProblem: String? = if case .failure(let error) = probe { (error as? HostError)?.message ?? "\(error)" } else { nil }
        if json {
            var sandboxObject: [String: Any] = ["available": sandbox != nil]
            if let probeProblem { sandboxObject["problem"] = probeProblem }
            if let sandbox {
                sandboxObject["layers"] = sandbox.engagedLayers
                sandboxObject["landlockABI"] = sandbox.landlockABI
                sandboxObject["missingRequired"] = sandbox.missingRequiredLayers
                sandboxObject["problems"] = sandbox.problems
                sandboxObject["threadCap"] = Self.threadCap(sandbox)
            }
            var object: [String: Any] = ["lockState": lock.state.rawValue, "stateFolder": configuration.stateFolder,
                                         "appsFolders": configuration.appsFolders, "runner": configuration.runnerPath,
                                         "apps": catalog.apps.count, "extensions": catalog.extensions.count,
                                         "faults": catalog.faults.count, "conflicts": catalog.conflicts.count,
                                         "sandbox": sandboxObject]
            if let problem = lock.problem { object["lockStateProblem"] = problem }
            JSONOutput.print(object)
            return
        }
        printLine("Lock state:   \(lock.state.rawValue)\(lock.problem.map { " (assumed, failing closed: \($0))" } ?? "")")
        printLine("State folder: \(configuration.stateFolder)")
        printLine("Apps folders: \(configuration.appsFolders.isEmpty ? "(none)" : configuration.appsFolders.joined(separator: ", "))")
        printLine("Runner:       \(configuration.runnerPath)")
        printLine("Found:        \(catalog.apps.count) apps, \(catalog.extensions.count) extensions, \(catalog.faults.count) faults, \(catalog.conflicts.count) conflicts")
        guard let sandbox else {
            printLine("Sandbox:      unknown: \(probeProblem ?? "the runner could not be probed.")")
            return
        }
        printLine("Sandbox:      \(sandbox.engagedLayers.joined(separator: ", "))")
        if !sandbox.missingRequiredLayers.isEmpty {
            printLine("              missing: \(sandbox.missingRequiredLayers.joined(separator: ", ")); extensions will not run without --unsafe-no-sandbox")
        }
        sandbox.problems.forEach { printLine("              \($0)") }
        printLine("Threads:      capped by \(Self.threadCap(sandbox))")
    }

    /// What bounds an extension's threads here.
    static func threadCap(_ report: ConfinementReport) -> String {
        if report.threadsCgroup { return "a pids cgroup (binds root too)" }
        return geteuid() == 0
            ? "the address-space limit only (no writable pids cgroup; RLIMIT_NPROC does not bind root)"
            : "RLIMIT_NPROC (this user's processes)"
    }
}
