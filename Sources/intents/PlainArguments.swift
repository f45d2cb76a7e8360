import LocalAPI

/// A command line of a subcommand that takes arguments, flags and a few options of one value
/// each, besides the global `--apps` and `--state` (on either side of it), as the client reads
/// it for the host API.
/// Anything else (`--help`, an unknown or repeated flag, a malformed folder) makes `init` fail,
/// and the command goes to the server's or the embedded host's own parser, which runs or
/// refuses it as ever.
struct PlainArguments: Sendable {
    var subcommand = ""
    /// The arguments after the subcommand, in order.
    var arguments: [String] = []
    /// The flags given, each at most once, after the subcommand.
    var flags: Set<String> = []
    /// The options given (each at most once, after the subcommand), by name.
    var options: [String: String] = [:]
    /// `--state`, absolute, when given.
    var stateFolder: String?
    /// `--apps` (else `INTENTS_APPS`), absolute; nil when neither names any.
    var appsFolders: [String]?

    /// - Parameters:
    ///   - flags: the flags the subcommand takes.
    ///   - options: the options of one value it takes (`--app`); a value longer than the host
    ///     API takes, or that looks like an option, is the parser's.
    ///   - workingDirectory: what relative `--state` and `--apps` folders are taken from.
    init?(_ commandLine: [String], flags allowed: Set<String>, options valued: [String] = [], environment: [String: String], workingDirectory: String) {
        var subcommand: String?
        var apps: [String] = []
        var index = 0
        while index < commandLine.count {
            let argument = commandLine[index]
            if allowed.contains(argument) {
                // Before the subcommand, only the global options (the parser moves those alone).
                guard subcommand != nil, flags.insert(argument).inserted else { return nil }
                index += 1
                continue
            }
            if !valued.isEmpty, let (name, value, width) = ClientArguments.option(at: index, in: commandLine, names: valued, refusingOptionValues: true) {
                guard subcommand != nil, value.utf8.count <= RunRequest.maximumTextBytes, options.updateValue(value, forKey: name) == nil else { return nil }
                index += width
                continue
            }
            if let (name, value, width) = ClientArguments.option(at: index, in: commandLine, refusingOptionValues: true) {
                guard !value.isEmpty else { return nil }
                if name == "--state" {
                    guard stateFolder == nil else { return nil }
                    stateFolder = SendArguments.absolute(value, in: workingDirectory)
                } else {
                    apps.append(SendArguments.absolute(value, in: workingDirectory))
                }
                index += width
                continue
            }
            guard !argument.hasPrefix("-"), argument.utf8.count <= RunRequest.maximumTextBytes else { return nil }
            if subcommand == nil { subcommand = argument } else { arguments.append(argument) }
            index += 1
        }
        guard let subcommand else { return nil }
        self.subcommand = subcommand
        if !apps.isEmpty {
            appsFolders = apps
        } else if let listed = environment["INTENTS_APPS"], !listed.isEmpty {
            let folders = listed.split(separator: ":").map { SendArguments.absolute(String($0), in: workingDirectory) }
            guard !folders.isEmpty else { return nil }
            appsFolders = folders
        }
    }
}
