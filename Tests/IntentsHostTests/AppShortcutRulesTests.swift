import ExtensionProtocol
@testable import HostBundles
@testable import HostPolicy
@testable import HostTools
@testable import IntentsHost
import SystemStore
import Testing

/// The host's side of App Shortcuts, from metadata as an extension would describe it: the
/// phrase index (app names, parameter values, source order), the validate rules, and the
/// checks that make a hostile description unusable.
@Suite struct AppShortcutRulesTests {
    static let session = AppParameterSchema(name: "session", title: "Session Type", kind: .entity, typeName: "Kit.Session", isOptional: true)
    static let minutes = AppParameterSchema(name: "minutes", title: "Minutes", kind: .integer, isOptional: true)
    static let mood = AppParameterSchema(name: "mood", title: "Mood", kind: .enumeration, typeName: "Kit.Mood", isOptional: true)
    static let start = AppIntentSchema(name: "StartIntent", typeName: "Kit.StartIntent", title: "Start",
                                       parameters: [session, minutes, mood])

    static func metadata(_ phrases: [[String]]) -> AppIntentsMetadata {
        AppIntentsMetadata(intents: [start], entities: [AppEntitySchema(typeName: "Kit.Session", displayName: "Session")],
                           enums: [AppEnumSchema(typeName: "Kit.Mood", displayName: "Mood",
                                                 cases: [AppEnumCase(identifier: "calm", title: "Calm"), AppEnumCase(identifier: "awake", title: "Wide awake")])],
                           shortcuts: phrases.map { AppShortcutSchema(intent: "Kit.StartIntent", phrases: $0) })
    }

    static func bundle(_ identifier: String) -> ExtensionBundle {
        ExtensionBundle(path: "/apps/\(identifier).app/PlugIns/I.appex", bundleIdentifier: identifier + ".Intents", displayName: "I",
                        principalClass: "Intents.INExtension", libraryPath: "/apps/\(identifier)/libI.so", intentsSupported: [],
                        appBundleIdentifier: identifier, appIntents: AppIntentsDeclaration(typeNames: ["Kit.StartIntent"]))
    }

    /// A snapshot of one app called `name` (and `alternatives`) with these shortcuts' phrases.
    static func snapshot(app identifier: String = "org.example.Calm", name: String = "Calm", alternatives: [String] = [],
                         phrases: [[String]], sessions: [(String, String)]? = nil) -> AppShortcutsSnapshot {
        let bundle = bundle(identifier)
        let app = AppBundle(path: "/apps/\(name).app", bundleIdentifier: identifier, displayName: name, alternativeNames: alternatives,
                            extensions: [bundle])
        var snapshot = AppShortcutsSnapshot()
        let metadata = metadata(phrases)
        snapshot.metadata[bundle.bundleIdentifier] = metadata
        for (position, shortcut) in metadata.shortcuts.enumerated() {
            snapshot.shortcuts.append(InstalledAppShortcut(app: app, bundle: bundle, intent: start, shortcut: shortcut, position: position))
        }
        if let sessions {
            snapshot.parameterValues[bundle.bundleIdentifier] = AppShortcutParameterValues(
                libraryHash: "h", generation: 1,
                entities: ["Kit.Session": sessions.map { .object(ObjectValue(identifier: $0.0, display: $0.1)) }])
        }
        return snapshot
    }

    static func index(_ snapshot: AppShortcutsSnapshot) -> PhraseIndex {
        PhraseCatalog.index(apps: Array(Set(snapshot.shortcuts.map(\.app.bundleIdentifier))).compactMap { id in
            snapshot.shortcuts.first { $0.app.bundleIdentifier == id }?.app
        }, voiceShortcuts: [], vocabulary: [], appShortcuts: snapshot)
    }

    static let articlePhrases = ["Start a ${applicationName}", "Begin ${applicationName}",
                                 "Start a ${session} session with ${applicationName}", "Meditate on ${session} with ${applicationName}"]

    @Test func phrasesMatchWithTheAppsNamesAndOnlyUnparameterizedOnesBeforeTheAppUpdatesItsParameters() throws {
        let before = Self.index(Self.snapshot(alternatives: ["Calm Time"], phrases: [Self.articlePhrases]))
        guard case .matched(let match) = before.match("Start a calm time") else { Issue.record("the alternative name does not match"); return }
        #expect(match.template.target == .appShortcut(app: "org.example.Calm", extension: "org.example.Calm.Intents",
                                                      intent: "StartIntent", phrase: "Start a ${applicationName}"))
        guard case .noMatch = before.match("Start a walking session with Calm") else {
            Issue.record("a parameterized phrase matched before the app gave its values"); return
        }
        let after = Self.index(Self.snapshot(phrases: [Self.articlePhrases], sessions: [("W-1", "Walking"), ("B-2", "Body scan")]))
        guard case .matched(let walking) = after.match("start a WALKING session with calm!") else { Issue.record("no match"); return }
        #expect(walking.parameters.map(\.name) == ["session"])
        #expect(walking.parameters.map(\.value) == ["W-1"])
        guard case .matched(let scan) = after.match("Meditate on body scan with Calm") else { Issue.record("no match"); return }
        #expect(scan.parameters.map(\.value) == ["B-2"])
    }

    @Test func enumPhrasesExpandWithEveryCaseAtOnce() {
        let index = Self.index(Self.snapshot(phrases: [["Feel ${mood} with ${applicationName}"]]))
        guard case .matched(let match) = index.match("Feel wide awake with Calm") else { Issue.record("the enum case did not match"); return }
        #expect(match.parameters.map(\.value) == ["awake"])
    }

    @Test func onlyTheFirstTenShortcutsAndTheUsablePhrasesAreIndexed() {
        var phrases = (0..<11).map { ["Shortcut number \($0) with ${applicationName}"] }
        phrases[0].append("Start without the name")
        let index = Self.index(Self.snapshot(phrases: phrases))
        guard case .matched = index.match("Shortcut number 9 with Calm") else { Issue.record("the tenth shortcut is missing"); return }
        guard case .noMatch = index.match("Shortcut number 10 with Calm") else { Issue.record("the eleventh shortcut is used"); return }
        guard case .noMatch = index.match("Start without the name") else { Issue.record("a phrase without the app's name is used"); return }
    }

    @Test func validateReportsEachBrokenRuleInOneSentenceNamingTheLibraryAndThePhrase() {
        var phrases = (0..<11).map { ["Shortcut \($0) with ${applicationName}"] }
        phrases[0] += ["Start a session", "Start ${session} for ${minutes} with ${applicationName}", "Run for ${minutes} with ${applicationName}"]
        let snapshot = Self.snapshot(phrases: phrases)
        let faults = AppShortcutChecks.faults(snapshot, checking: ["org.example.Calm"])
        #expect(faults.map(\.code) == [.phraseWithoutApplicationName, .phraseParameter, .phraseParameter, .tooManyAppShortcuts])
        #expect(faults.allSatisfy { $0.message.contains("/apps/org.example.Calm/libI.so") && $0.message.hasSuffix(".") })
        #expect(faults[0].message.contains("\"Start a session\""))
        #expect(faults[1].message.contains("names 2 parameters (session, minutes)"))
        #expect(faults[2].message.contains("minutes, a integer parameter"))
        #expect(faults[3].message.contains("has 11 App Shortcuts"))
        #expect(AppShortcutChecks.faults(Self.snapshot(phrases: [Self.articlePhrases]), checking: ["org.example.Calm"]).isEmpty)
    }

    @Test func aPhraseAnotherAppSaysTooIsADuplicate() {
        let mine = Self.snapshot(phrases: [["Start ${applicationName}"]])
        // Another app called Calm too, and a third app whose phrase differs.
        let theirs = Self.snapshot(app: "com.other.Calm", name: "Calm", phrases: [["start   ${applicationName}!"]])
        let faults = AppShortcutChecks.faults(mine, checking: ["org.example.Calm"], others: theirs)
        #expect(faults.map(\.code) == [.duplicatePhrase])
        #expect(faults.first?.message.contains("\"start calm\"") == true)
        #expect(faults.first?.message.contains("com.other.Calm") == true)
        let other = Self.snapshot(app: "com.other.Zen", name: "Zen", phrases: [["Start ${applicationName}"]])
        #expect(AppShortcutChecks.faults(mine, checking: ["org.example.Calm"], others: other).isEmpty)
    }

    static func hostile(_ what: String, _ metadata: inout AppIntentsMetadata) {
        switch what {
        case "an undeclared intent": metadata.intents.append(AppIntentSchema(name: "Other", typeName: "Kit.Other", title: "Other"))
        case "a control character": metadata.intents[0].title = "Start\u{1B}[2J"
        case "a dangling entity": metadata.entities = []
        case "a phrase naming no parameter": metadata.shortcuts[0].phrases = ["Go ${nothing} ${applicationName}"]
        case "a path as a type": metadata.entities[0].typeName = "../../etc/passwd"
        case "a renamed intent": metadata.intents[0].name = "Evil"
        default: break
        }
    }

    @Test(arguments: [
        ("an undeclared intent", "which the plist's AppIntents does not list"),
        ("a control character", "control or invisible characters"),
        ("a dangling entity", "an entity of a type it does not describe"),
        ("a phrase naming no parameter", "which is not a parameter of StartIntent"),
        ("a path as a type", "is not a module-qualified type name"),
        ("a renamed intent", "is called \"Evil\""),
        ("shortcuts with no provider declared", "the plist names no AppShortcutsProvider"),
    ])
    func hostileMetadataIsRefusedInOneSentence(what: String, clause: String) {
        var metadata = Self.metadata([Self.articlePhrases])
        let declared = AppIntentsDeclaration(typeNames: ["Kit.StartIntent"], shortcutsProvider: "Kit.Shortcuts")
        #expect(throws: Never.self) { try AppIntentsMetadataCheck.check(metadata, declared: declared, library: "/x/libI.so") }
        Self.hostile(what, &metadata)
        let checked = what == "shortcuts with no provider declared" ? AppIntentsDeclaration(typeNames: ["Kit.StartIntent"]) : declared
        do {
            try AppIntentsMetadataCheck.check(metadata, declared: checked, library: "/x/libI.so")
            Issue.record("\(what) was accepted")
        } catch let error as HostError {
            #expect(error.message.hasPrefix("The App Intents metadata of /x/libI.so is not usable: "), "\(what)")
            #expect(error.message.contains(clause), "\(what): \(error.message)")
        } catch {
            Issue.record("\(what): \(error)")
        }
    }

    @Test func authenticationPolicyDecidesEachLockState() {
        let bundle = Self.bundle("org.example.Calm")
        for policy in AppIntentAuthenticationPolicy.allCases {
            var schema = Self.start
            schema.authenticationPolicy = policy
            for state in LockState.allCases {
                let refusal = LockPolicy.refusal(forAppIntent: schema, by: bundle, in: LockReading(state: state))
                #expect((refusal != nil) == (state != .unlocked && policy != .alwaysAllowed), "\(policy) \(state)")
                if let refusal { #expect(refusal.contains("authenticationPolicy .\(policy.rawValue) of org.example.Calm.Intents")) }
            }
        }
    }

    @Test func phraseTokensReadTheSDKsForm() {
        #expect(AppShortcutPhrase.tokens("Start a ${session} session with ${applicationName}") ==
                [.text("Start a "), .parameter("session"), .text(" session with "), .applicationName])
        #expect(AppShortcutPhrase.tokens("broken ${open") == [.text("broken "), .text("${open")])
        #expect(AppShortcutPhrase.display("Begin a ${session} with ${applicationName}", appName: "Meditation", titles: ["session": "Session"])
                == "Begin a <Session> with Meditation")
    }
}
