import LocalAPI

/// `intents lock` and `intents unlock` as the client runs them through the host API. Anything
/// else on the command line (`--help`, an unknown option) makes `init` fail, and the command
/// goes to the server's or the embedded host's own parser.
struct LockArguments: Sendable {
    /// The state to set.
    var state: LockStateValue = .locked
    /// `--state`, absolute, when given.
    var stateFolder: String?

    init?(_ arguments: [String], workingDirectory: String) {
        var subcommand: String?
        var beforeFirstUnlock = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--before-first-unlock" && !beforeFirstUnlock && subcommand != nil {
                beforeFirstUnlock = true
                index += 1
                continue
            }
            if let (name, value, width) = ClientArguments.option(at: index, in: arguments, refusingOptionValues: true) {
                // `--apps` names no folder a lock uses; an empty one is the parser's to refuse.
                guard !value.isEmpty else { return nil }
                if name == "--state" {
                    guard stateFolder == nil else { return nil }
                    stateFolder = SendArguments.absolute(value, in: workingDirectory)
                }
                index += width
                continue
            }
            guard subcommand == nil, !argument.hasPrefix("-") else { return nil }
            subcommand = argument
            index += 1
        }
        switch (subcommand, beforeFirstUnlock) {
        case ("lock", false): state = .locked
        case ("lock", true): state = .lockedBeforeFirstUnlock
        case ("unlock", false): state = .unlocked
        default: return nil
        }
    }
}
