import Foundation
import SystemStore
import Testing

/// `intents status`, `authorize`, `policy`, `vocabulary` and `apps` with a server: typed host-API requests (no command
/// line is forwarded) that print exactly what the embedded host prints.
extension CLITests {
    /// Runs `arguments` embedded, then served, and expects the same bytes and status (standard
    /// output as `normalized` makes it: what names the moment it ran); returns the served run.
    @discardableResult
    func sameServedAndEmbedded(_ arguments: [String], normalized: (String) -> String = { $0 }) async throws -> Run {
        let embedded = try await intents(.embedded, arguments)
        let served = try await intents(.served, arguments)
        let label = arguments.joined(separator: " ")
        #expect(served.status == embedded.status, "\(label)")
        #expect(normalized(served.stdout) == normalized(embedded.stdout), "\(label)")
        #expect(served.stderr == embedded.stderr, "\(label)")
        return served
    }

    @Test func statusThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        for arguments in [["status"], ["status", "--json"], ["lock"], ["status"], ["status", "--json"]] {
            let run = try await sameServedAndEmbedded(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let setup = try await intents(.served, ["status", "--json"]).json()
        #expect(setup["lockState"] as? String == "locked")
        #expect(setup["stateFolder"] as? String == state.path)
        #expect(setup["apps"] as? Int == 4)
        let log = try #require(server.running?.log)
        #expect(log.components(separatedBy: "setup served").count == 6, "\(log)")
        #expect(!log.contains("command served"), "\(log)")
    }

    /// Every form of `authorize`: the listing, decisions by name and identifier, an unknown app,
    /// each as text and as JSON; the decisions recorded alike.
    @Test func authorizeThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        let cases: [[String]] = [
            ["authorize"], ["authorize", "Pizza", "deny"], ["authorize", "com.example.Pizza", "reset"],
            ["authorize", "Meditation", "grant"], ["authorize"], ["authorize", "Nobody", "grant"],
        ]
        for arguments in cases {
            for json in [false, true] { try await sameServedAndEmbedded(arguments + (json ? ["--json"] : [])) }
        }
        let listing = try await intents(.served, ["authorize", "--json"]).json()["apps"] as? [[String: Any]]
        #expect(listing?.map { $0["status"] as? String } == ["authorized", "authorized", "notDetermined", "notDetermined"])
        let unknown = try await intents(.served, ["authorize", "Nobody", "grant", "--json"])
        #expect(unknown.status == 2)
        #expect(try (unknown.json()["error"] as? [String: Any])?["code"] as? String == "usage")
        let log = try #require(server.running?.log)
        // Listings, decisions and the unknown app's refusals, each once per mode served.
        #expect(log.components(separatedBy: "authorize served").count == 15, "\(log)")
        #expect(log.components(separatedBy: "authorization set").count == 7, "\(log)")
        #expect(!log.contains("command served"), "\(log)")
    }

    /// The consent to agents: the same forms with `--agents`, printed alike by both modes, kept
    /// apart from the Siri authorizations, and logged as consents.
    @Test func consentToAgentsThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        let cases: [[String]] = [
            ["authorize", "--agents"], ["authorize", "Pizza", "deny", "--agents"], ["authorize", "com.example.Pizza", "reset", "--agents"],
            ["authorize", "Meditation", "grant", "--agents"], ["authorize", "Pizza", "hide", "--agents"], ["authorize", "--agents"],
        ]
        for arguments in cases {
            for json in [false, true] { try await sameServedAndEmbedded(arguments + (json ? ["--json"] : [])) }
        }
        let consents = try await intents(.served, ["authorize", "--agents", "--json"]).json()
        #expect(consents["agents"] as? Bool == true)
        let apps = consents["apps"] as? [[String: Any]]
        #expect(apps?.map { $0["name"] as? String } == ["Meditation", "MonkeyChat", "Pizza", "Sandbox Tester"])
        #expect(apps?.map { $0["status"] as? String } == ["authorized", "notDetermined", "hidden", "notDetermined"])
        // Siri's authorizations are untouched: only MonkeyChat (and Faulty) were granted by the test's set-up.
        let siri = try await intents(.served, ["authorize", "--json"]).json()["apps"] as? [[String: Any]]
        #expect(siri?.first { $0["name"] as? String == "Meditation" }?["status"] as? String == "notDetermined")
        let line = try await intents(.served, ["authorize", "Meditation", "grant", "--agents"])
        #expect(line.stdout == "Meditation (com.example.Meditation): agents authorized.\n")
        let log = try #require(server.running?.log)
        #expect(log.components(separatedBy: "agent consent set").count == 10, "\(log)")
        #expect(log.contains("status=restricted"), "\(log)")
        #expect(!log.contains("authorization set"), "\(log)")
    }

    /// A command the client cannot read whole (an app without a decision, an unknown
    /// decision) goes to the full parser, which refuses it as ever.
    @Test func anAuthorizeTheClientCannotReadIsTheParsersToRefuse() async throws {
        // hide is a consent to agents' only: without --agents, the parser refuses it.
        for arguments in [["authorize", "Pizza"], ["authorize", "Pizza", "maybe"], ["authorize", "Pizza", "hide"]] {
            let run = try await sameServedAndEmbedded(arguments)
            #expect(run.status == 2, "\(arguments)")
        }
        // A repeated flag: whatever the parser makes of it, the same in both modes.
        try await sameServedAndEmbedded(["authorize", "--json", "--json"])
        #expect(try #require(server.running?.log).components(separatedBy: "command served").count == 5)
    }

    /// The matrix whole and by names, an unknown name, locked and unlocked, as text and JSON.
    @Test func policyThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        let cases: [[String]] = [
            ["policy"], ["policy", "MonkeyChat", "OrderPizzaIntent"], ["policy", "com.example.Pizza.Intents"], ["policy", "Nobody"],
            ["lock", "--before-first-unlock"], ["policy", "MonkeyChat"], ["unlock"],
        ]
        // The matrix judges App Intents from their metadata once learned: a server learns it in the
        // background after it starts, and an embedded run that came first would not know it yet.
        // `apps` learns it (and caches it for both) before anything is compared.
        #expect(try await intents(.served, ["apps"]).status == 0)
        var served = 0
        for arguments in cases {
            for json in arguments.first == "policy" ? [false, true] : [false] {
                let run = try await sameServedAndEmbedded(arguments + (json ? ["--json"] : []))
                #expect(run.status == (arguments.last == "Nobody" ? 2 : 0), "\(arguments): \(run.stderr)")
                served += 1
            }
        }
        let table = try await intents(.served, ["policy", "--json"]).json()
        #expect(table["currentLockState"] as? String == "unlocked")
        #expect((table["rows"] as? [[String: Any]])?.contains { $0["intent"] as? String == "INSendMessageIntent" && $0["appName"] as? String == "MonkeyChat" } == true)
        #expect((table["rules"] as? [String: String])?["not-authorized"] == "the app is not authorized to use Siri")
        let log = try #require(server.running?.log)
        #expect(!log.contains("command served"), "\(log)")
        #expect(served == 12)
    }

    /// The apps' vocabulary files alone, then with user vocabulary (a name with a newline among
    /// it), as text and JSON.
    @Test func vocabularyThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        for json in [false, true] { try await sameServedAndEmbedded(["vocabulary"] + (json ? ["--json"] : [])) }
        let store = try SystemStore(stateFolder: state.path)
        try store.setVocabulary(["Bobo", "Kiki\nthe second"], type: 1, app: "com.example.MonkeyChat")
        try store.setVocabulary(["Funghi"], type: 2, app: "com.example.Pizza")
        for json in [false, true] {
            let run = try await sameServedAndEmbedded(["vocabulary"] + (json ? ["--json"] : []))
            #expect(run.status == 0)
            if !json { #expect(run.stdout.contains("com.example.MonkeyChat user vocabulary (type 1): Bobo, Kiki\\nthe second")) }
        }
        let listing = try await intents(.served, ["vocabulary", "--json"]).json()
        #expect((listing["user"] as? [[String: Any]])?.count == 2)
        #expect((listing["apps"] as? [[String: Any]])?.compactMap { $0["app"] as? String } == ["com.example.MonkeyChat", "com.example.Pizza"])
        let log = try #require(server.running?.log)
        #expect(log.components(separatedBy: "vocabulary served").count == 6, "\(log)")
        #expect(!log.contains("command served"), "\(log)")
    }

    /// The sample apps (one with App Intents, described in its sandbox) and a bundle at fault
    /// beside them, as text and JSON.
    @Test func appsThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        // Before any server starts: a server sees a bundle added later only once its watcher settles.
        let writer = BundleWriter(appsFolder: try sampleAppsFolder(apps))
        try writer.app("B", identifier: "com.example.B")
        try writer.appex("BIntents", in: "B", identifier: "com.example.B.Intents", principalClass: "B.IntentHandler",
                         intents: ["OrderPizzaIntent"], restricted: ["INSendMessageIntent"], library: Package.library("PizzaIntents"))
        for json in [false, true] {
            let served = try await sameServedAndEmbedded(["apps"] + (json ? ["--json"] : []))
            #expect(served.stdout.contains(json ? #""code":"restrictedIntentsNotSupportedByExtension""# : "Problems:"), "\(served.stdout)")
        }
        let text = try await intents(.served, ["apps"])
        #expect(text.stdout.contains("StartMeditationIntent [App Intent, runs while locked]"), "\(text.stdout)")
        #expect(text.stdout.contains("    App Shortcut 1: "), "\(text.stdout)")
        let log = try #require(server.running?.log)
        #expect(log.components(separatedBy: "apps served").count == 4, "\(log)")
        #expect(!log.contains("command served"), "\(log)")
    }

    @Test func aServerForOtherAppsRefusesStatusAndAuthorizeAndNamesBoth() async throws {
        _ = try await intents(.served, ["status"])
        let other = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: other.path + "/Apps", withIntermediateDirectories: true)
        for command in [["status"], ["authorize"], ["authorize", "Pizza", "grant"], ["policy"], ["vocabulary"], ["apps"]] {
            let run = try await self.run(["--apps", other.path + "/Apps", "--state", state.path] + command)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.contains("not \(other.path)/Apps; give its --apps, or stop it"), "\(command): \(run.stderr)")
        }
        #expect(try SystemStore(stateFolder: state.path).authorization(app: "com.example.Pizza") == .notDetermined)
    }
}

/// `intents say` with a server: one typed `say` request (the server matches the phrase and runs
/// it from the source the phrase is), printing what the embedded host prints.
extension CLITests {
    /// Help phrases, App Shortcuts with a question, an example phrase that needs input, phrases
    /// that match nothing, each as text and JSON.
    @Test func sayThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints() async throws {
        let cases: [[String]] = [
            ["say", "What can I do with Meditation?"], ["say", "what can I do here"],
            ["say", "Start a Meditation", "--answer", "2"], ["say", "Start a Meditation", "--answer", "Focus"],
            ["say", "Start a walking session with Meditation", "--non-interactive"],
            ["say", "order a margherita with Pizza", "--non-interactive"],
            ["say", "send a MonkeyChat to Bobo", "--answer", "2", "--answer", "Bananas, please", "--yes"],
            ["say", "xyzzy plugh"], ["say", "pizza"],
        ]
        for arguments in cases {
            for json in [false, true] { try await sameServedAndEmbedded(arguments + (json ? ["--json"] : [])) }
        }
        let log = try #require(server.running?.log)
        #expect(log.components(separatedBy: "say served").count == cases.count * 2 + 1, "\(log)")
        #expect(!log.contains("command served"), "\(log)")
    }

    /// A voice shortcut to a user activity: refused while locked, then its app's output.
    @Test func anActivityShortcutSaidThroughTheHostAPIIsWhatTheEmbeddedHostSays() async throws {
        let phrase = try await showMessagesShortcut(.served, secret: "The vault code is 4711")
        for json in [false, true] {
            try await sameServedAndEmbedded(["say", phrase] + (json ? ["--json"] : []))
            #expect(try await intents(.embedded, ["lock"]).status == 0)
            let refused = try await sameServedAndEmbedded(["say", phrase] + (json ? ["--json"] : []))
            #expect(refused.status == 3)
            #expect(try await intents(.embedded, ["unlock"]).status == 0)
        }
        #expect(try #require(server.running?.log).contains("say served"))
    }

    /// An utterance with no word, or an option the client does not read, goes to the parser.
    @Test func aSayTheClientCannotReadIsTheParsersToRun() async throws {
        for arguments in [["say", "?!"], ["say", "Start a Meditation", "--answer", "2", "--timeout", "5"]] {
            try await sameServedAndEmbedded(arguments)
        }
        #expect(try #require(server.running?.log).components(separatedBy: "command served").count == 3)
    }
}

/// `intents donations`, `shortcuts` and `suggestions` with a server: typed records requests.
extension CLITests {
    /// Listings of real donations (an interaction and a user activity, donated by the sample
    /// apps through the server), by app and whole, with errors, as text and JSON.
    @Test func recordListingsThroughTheHostAPIPrintWhatTheEmbeddedHostPrints() async throws {
        #expect(try await app("monkeychat", ["send", "c-kiki", "Bananas at noon"]).status == 0)
        #expect(try await app("pizza", ["menu"]).status == 0)
        let cases: [[String]] = [
            ["donations"], ["donations", "list", "--json"], ["donations", "list", "--app", "Pizza"], ["donations", "list", "--app=Nobody", "--json"],
            ["shortcuts"], ["shortcuts", "list", "--json"], ["suggestions"], ["suggestions", "--json", "--limit", "1"],
        ]
        for arguments in cases {
            // Suggestions are for now: the two runs' moments may be a second apart.
            let run = try await sameServedAndEmbedded(arguments, normalized: Self.withoutTheMoment)
            #expect(run.status == (arguments.contains("--app=Nobody") ? 2 : 0), "\(arguments): \(run.stderr)")
        }
        let log = try #require(server.running?.log)
        #expect(!log.contains("command served"), "\(log)")
    }

    /// `suggestions` output without the moment it ranked for (its heading's, or JSON's `at`).
    static func withoutTheMoment(_ output: String) -> String {
        output.replacingOccurrences(of: #"(Suggestions for |"at":")[0-9T:+Z-]+"#, with: "$1<now>", options: .regularExpression)
    }

    /// Adding, renaming and deleting a voice shortcut, and deleting a donation, through the
    /// host API; what fails fails alike in both modes.
    @Test func recordChangesThroughTheHostAPI() async throws {
        #expect(try await app("pizza", ["menu"]).status == 0)
        let donations = try await intents(.served, ["donations", "list", "--json"]).json()["donations"] as? [[String: Any]]
        let donation = try #require(donations?.first?["identifier"] as? String)
        let added = try await intents(.served, ["shortcuts", "add", "what's on the menu", "--donation", donation, "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let identifier = try #require(try added.json()["identifier"] as? String)
        #expect(try await intents(.served, ["shortcuts", "edit", identifier.lowercased(), "show me the menu"]).stdout == "\(identifier.lowercased()) is now \"show me the menu\".\n")
        try await sameServedAndEmbedded(["shortcuts", "list"])
        #expect(try await intents(.served, ["shortcuts", "delete", identifier]).stdout == "Deleted \(identifier).\n")
        for arguments in [["shortcuts", "delete", identifier], ["shortcuts", "add", "x", "--donation", "nope"], ["donations", "delete", "nope"]] {
            let run = try await sameServedAndEmbedded(arguments)
            #expect(run.status == 2, "\(arguments)")
        }
        #expect(try await intents(.served, ["donations", "delete", donation]).stdout == "Deleted 1 donation.\n")
        try await sameServedAndEmbedded(["donations"])
        let log = try #require(server.running?.log)
        #expect(!log.contains("command served"), "\(log)")
    }

    /// What the client does not read (`--at`, an identifier that is not a UUID, a delete with
    /// neither identifiers nor --all) goes to the parser, alike in both modes.
    @Test func aRecordsCommandTheClientCannotReadIsTheParsersToRun() async throws {
        for arguments in [["suggestions", "--at", "2026-11-27T18:30"], ["shortcuts", "edit", "not-a-uuid", "x"], ["donations", "delete"],
                          ["suggestions", "--limit", "0"]] {
            try await sameServedAndEmbedded(arguments)
        }
        #expect(try #require(server.running?.log).components(separatedBy: "command served").count == 5)
    }
}
