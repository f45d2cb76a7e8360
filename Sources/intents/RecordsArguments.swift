import LocalAPI

/// `intents donations`, `shortcuts` and `suggestions` as the client runs them through the host
/// API: what it asks, and how it prints the reply. A command line the full parser would refuse
/// or read otherwise (a missing `--donation`, an identifier that is not a UUID, `--at`, a limit
/// out of range, `--help`) makes `init` fail, and the command goes to that parser.
struct RecordsArguments: Sendable {
    enum Printing: Sendable {
        /// The listing as text or JSON.
        case listing
        /// The shortcut added, as text or JSON.
        case added
        /// `edit` and `delete` of a voice shortcut: the identifier as the user typed it, and
        /// the new phrase.
        case renamed(identifier: String, phrase: String)
        case deleted(identifier: String)
        /// How many donations were deleted.
        case deletedDonations
    }

    var command: RecordsCommand
    var printing: Printing
    var json = false
    var stateFolder: String?

    init?(_ arguments: [String], environment: [String: String], workingDirectory: String) {
        guard let line = PlainArguments(arguments, flags: ["--json", "--all"], options: ["--app", "--donation", "--limit"],
                                        environment: environment, workingDirectory: workingDirectory) else { return nil }
        let json = line.flags.contains("--json")
        let app = line.options["--app"]
        let rest = Array(line.arguments.dropFirst())
        let request: RecordsRequest
        // Each form takes exactly what the parser's subcommand takes; anything more is its to refuse.
        func takes(flags: Set<String>, options: Set<String>) -> Bool {
            line.flags.isSubset(of: flags) && Set(line.options.keys).isSubset(of: options)
        }
        switch (line.subcommand, line.arguments.first) {
        case ("donations", nil), ("donations", "list"):
            guard rest.isEmpty, takes(flags: ["--json"], options: ["--app"]) else { return nil }
            (request, printing) = (.donations(app: app), .listing)
        case ("donations", "delete"):
            let all = line.flags.contains("--all")
            guard takes(flags: ["--all"], options: ["--app"]), all == rest.isEmpty else { return nil }
            (request, printing) = (.deleteDonations(identifiers: rest, app: app, all: all), .deletedDonations)
        case ("shortcuts", nil), ("shortcuts", "list"):
            guard rest.isEmpty, takes(flags: ["--json"], options: []) else { return nil }
            (request, printing) = (.voiceShortcuts, .listing)
        case ("shortcuts", "add"):
            guard rest.count == 1, let donation = line.options["--donation"], takes(flags: ["--json"], options: ["--donation", "--app"]) else { return nil }
            (request, printing) = (.addVoiceShortcut(phrase: rest[0], donation: donation, app: app), .added)
        case ("shortcuts", "edit"):
            guard rest.count == 2, Self.isUUID(rest[0]), takes(flags: [], options: []) else { return nil }
            (request, printing) = (.renameVoiceShortcut(identifier: rest[0], phrase: rest[1]), .renamed(identifier: rest[0], phrase: rest[1]))
        case ("shortcuts", "delete"):
            guard rest.count == 1, Self.isUUID(rest[0]), takes(flags: [], options: []) else { return nil }
            (request, printing) = (.deleteVoiceShortcut(identifier: rest[0]), .deleted(identifier: rest[0]))
        case ("suggestions", nil):
            guard takes(flags: ["--json"], options: ["--limit"]) else { return nil }
            let limit = line.options["--limit"].map { Int($0) } ?? 5
            guard let limit, (1...1000).contains(limit) else { return nil }
            (request, printing) = (.suggestions(limit: limit), .listing)
        default:
            return nil
        }
        self.json = json
        stateFolder = line.stateFolder
        command = RecordsCommand(request, timeZone: environment["TZ"], appsFolders: line.appsFolders)
    }

    /// Whether `text` reads as a UUID (`8-4-4-4-12` hexadecimal digits, either case), as the
    /// parser's `UUID(uuidString:)` takes it.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }
}
