import LocalAPI

/// `intents send` (or `intents say`) as the client runs it through the host API: the
/// subcommand's common options, read here. Anything else on the command line (`--record`, sandbox limits, `--timeout`,
/// `--help`, a malformed value) makes `init` fail, and the command goes to the server's or the
/// embedded host's own parser, which runs or refuses it as ever.
struct SendArguments: Sendable {
    /// The intent (`send`) or the utterance (`say`).
    var intent = ""
    var app: String?
    var parameters: [TextParameter] = []
    var answers: [String] = []
    var nonInteractive = false
    var yes = false
    var json = false
    /// `--state`, when given.
    var stateFolder: String?
    /// `--apps` (else `INTENTS_APPS`), absolute: the folders the server must serve; nil when
    /// neither names any.
    var appsFolders: [String]?
    /// Each step's deadline: the command's default, as the embedded host's (`--timeout` and
    /// `INTENTS_STEP_TIMEOUT` go to the full parser).
    let stepTimeout: Duration = .seconds(10)

    /// The flags it takes, each at most once.
    private static let flags: Set<String> = ["--non-interactive", "--yes", "--json"]

    /// - Parameters:
    ///   - workingDirectory: what relative `--state` and `--apps` folders are taken from.
    ///   - subcommand: `send`, or `say` (which takes no `--param` or `--app`).
    init?(_ arguments: [String], subcommand expected: String = "send", environment: [String: String], workingDirectory: String) {
        let valued = expected == "send" ? Self.valued : ["--answer", "--apps", "--state"]
        if let timeout = environment["INTENTS_STEP_TIMEOUT"], !timeout.isEmpty { return nil }
        var subcommand: String?
        var intent: String?
        var apps: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if Self.flags.contains(argument) {
                // Before the subcommand, only the global --apps and --state (the parser moves
                // those alone); a flag there is the parser's to refuse.
                guard subcommand != nil, seen.insert(argument).inserted else { return nil }
                switch argument {
                case "--non-interactive": nonInteractive = true
                case "--yes": yes = true
                default: json = true
                }
                index += 1
                continue
            }
            if let (name, value, width) = ClientArguments.option(at: index, in: arguments, names: valued, refusingOptionValues: true) {
                guard subcommand != nil || name == "--apps" || name == "--state" else { return nil }
                // Longer than the host API takes: the forwarded command line carries it.
                guard value.utf8.count <= RunRequest.maximumTextBytes else { return nil }
                switch name {
                case "--param":
                    guard let equals = value.firstIndex(of: "="), equals != value.startIndex else { return nil }
                    parameters.append(TextParameter(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
                case "--answer":
                    answers.append(value)
                case "--app":
                    guard app == nil, !value.hasPrefix("-") else { return nil }
                    app = value
                case "--apps":
                    guard !value.isEmpty else { return nil }
                    apps.append(Self.absolute(value, in: workingDirectory))
                default:
                    guard stateFolder == nil, !value.isEmpty else { return nil }
                    stateFolder = Self.absolute(value, in: workingDirectory)
                }
                index += width
                continue
            }
            guard !argument.hasPrefix("-") else { return nil }
            if subcommand == nil {
                subcommand = argument
            } else if intent == nil {
                intent = argument
            } else {
                return nil
            }
            index += 1
        }
        guard subcommand == expected, let intent else { return nil }
        self.intent = intent
        if !apps.isEmpty {
            appsFolders = apps
        } else if let listed = environment["INTENTS_APPS"], !listed.isEmpty {
            let folders = listed.split(separator: ":").map { Self.absolute(String($0), in: workingDirectory) }
            guard !folders.isEmpty else { return nil }
            appsFolders = folders
        }
    }

    /// The options that take a value, as `--name value` or `--name=value`.
    private static let valued = ["--param", "--answer", "--app", "--apps", "--state"]

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }
}
