import LocalAPI

/// `intents lock` and `intents unlock` as the client runs them through the host API. Anything
/// else on the command line (`--help`, an unknown option) makes `init` fail, and the command
/// goes to the server's or the embedded host's own parser.
struct LockArguments: Sendable {
    /// The state to set.
    var state: LockStateValue = .locked
    /// `--state`, absolute, when given.
    var stateFolder: String?

    init?(_ arguments: [String], environment: [String: String], workingDirectory: String) {
        // `--apps` names no folder a lock uses.
        guard let command = PlainArguments(arguments, flags: ["--before-first-unlock"], environment: environment,
                                           workingDirectory: workingDirectory),
              command.arguments.isEmpty else { return nil }
        switch (command.subcommand, command.flags.contains("--before-first-unlock")) {
        case ("lock", false): state = .locked
        case ("lock", true): state = .lockedBeforeFirstUnlock
        case ("unlock", false): state = .unlocked
        default: return nil
        }
        stateFolder = command.stateFolder
    }
}

/// `intents authorize [APP grant|deny|reset|hide] [--agents]` as the client runs it through the
/// host API (`hide` with `--agents` only). An
/// app without a decision, or a decision it does not know, goes to the full parser, which
/// refuses it with its own sentence.
struct AuthorizeArguments: Sendable {
    var request = AuthorizeRequest()
    var json = false
    var stateFolder: String?

    init?(_ arguments: [String], environment: [String: String], workingDirectory: String) {
        guard let command = PlainArguments(arguments, flags: ["--json", "--agents"], environment: environment, workingDirectory: workingDirectory),
              command.subcommand == "authorize" else { return nil }
        switch command.arguments.count {
        case 0: break
        case 2:
            var decisions: [String: SiriAuthorizationValue] = ["grant": .authorized, "deny": .denied, "reset": .notDetermined]
            if command.flags.contains("--agents") { decisions["hide"] = .restricted }
            guard let status = decisions[command.arguments[1]] else { return nil }
            request.app = command.arguments[0]
            request.status = status
        default: return nil
        }
        request.appsFolders = command.appsFolders
        request.agents = command.flags.contains("--agents")
        json = command.flags.contains("--json")
        stateFolder = command.stateFolder
    }
}

/// `intents policy [NAME...]` as the client runs it through the host API.
struct PolicyArguments: Sendable {
    var request = PolicyMatrixRequest()
    var json = false
    var stateFolder: String?

    init?(_ arguments: [String], environment: [String: String], workingDirectory: String) {
        guard let command = PlainArguments(arguments, flags: ["--json"], environment: environment, workingDirectory: workingDirectory),
              command.subcommand == "policy",
              // More or longer names than the host API takes: the forwarded command line carries them.
              command.arguments.count <= 256, command.arguments.allSatisfy({ $0.utf8.count <= 255 }) else { return nil }
        request = PolicyMatrixRequest(names: command.arguments, appsFolders: command.appsFolders)
        json = command.flags.contains("--json")
        stateFolder = command.stateFolder
    }
}

/// `intents vocabulary`, `intents apps` or `intents status` as the client runs it through the
/// host API: a subcommand with no arguments, `--json` and the global options.
struct ListingArguments: Sendable {
    var json = false
    var stateFolder: String?
    var appsFolders: [String]?

    init?(_ arguments: [String], subcommand: String, environment: [String: String], workingDirectory: String) {
        guard let command = PlainArguments(arguments, flags: ["--json"], environment: environment, workingDirectory: workingDirectory),
              command.subcommand == subcommand, command.arguments.isEmpty else { return nil }
        json = command.flags.contains("--json")
        stateFolder = command.stateFolder
        appsFolders = command.appsFolders
    }
}
