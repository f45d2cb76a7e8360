import ArgumentParser
import Foundation
import ExtensionProtocol
import IntentsHost
import SystemStore

struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Run what a spoken-style phrase asks: a voice shortcut, an App Shortcut, or an app's example phrase.",
        discussion: """
        The utterance is matched, ignoring case, punctuation, white space and diacritics, against
        voice shortcuts (`intents shortcuts`), the apps' App Shortcuts (no setup needed; a
        parameter takes its entity's suggested values once the app called
        updateAppShortcutParameters(), or an enum's cases), and the IntentPhrases of each app's
        AppIntentVocabulary.plist, where the app's names and known parameter values (its
        ParameterVocabularies, the user vocabulary it set) fill slots. The intent then runs
        through the conversation (lock policy and questions apply); an activity shortcut is
        handed to its app. No match, or a tie, lists the nearest phrases and runs nothing.
        "What can I do with APP?" lists an app's App Shortcuts; "What can I do here?" every app's.

        Examples:
          intents say "pizza time"
          intents say "send a MonkeyChat to Bobo" --answer 2 --answer "Bananas, please"
          intents say "order a margherita with Pizza" --json
          intents say "Start a Meditation" --answer 2
          intents say "What can I do with Meditation?"
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "What the user says.") var utterance: String
    @Option(name: .customLong("answer"), help: ArgumentHelp("An answer to the next question; repeatable.", valueName: "value"))
    var answers: [String] = []
    @Flag(help: "Never ask: fail with exit code 2 when input is needed and no --answer is left.")
    var nonInteractive = false
    @Flag(help: "Answer yes to the system's own question before the intent is handled (\"Ready to send it?\").")
    var yes = false
    @OptionGroup var step: StepTimeoutOption
    @Flag(help: "Print one JSON object: what matched, then as `intents send --json`.") var json = false

    func validate() throws {
        if PhraseText.words(utterance).isEmpty { throw ValidationError("The utterance \"\(utterance)\" has no words.") }
    }

    func run() async throws {
        let configuration = try global.hostConfiguration(stepTimeout: step.stepTimeout)
        let dispatcher = HostSession.dispatcher(for: configuration)
        let (index, shortcuts) = try await SystemCommandSupport.phraseIndex(dispatcher)
        if let request = AppShortcutsHelp.request(in: utterance, catalog: dispatcher.catalog) {
            return try AppShortcutsHelp.report(request, shortcuts: shortcuts, json: json)
        }
        switch index.match(utterance) {
        case .noMatch(let nearest):
            try fail(status: "noMatch", "Nothing matches \"\(utterance)\"; \(Self.listing(nearest)).", nearest: nearest)
        case .ambiguous(let matches):
            let phrases = matches.map { "\"\($0.template.text)\" (\(Self.describe($0.template.target)))" }
            try fail(status: "ambiguous", "\"\(utterance)\" matches \(matches.count) phrases equally well: \(phrases.joined(separator: ", ")); say more of one of them.",
                 nearest: matches.map(\.template.text))
        case .matched(let match):
            try await run(match, dispatcher: dispatcher, shortcuts: shortcuts)
        }
    }

    private func run(_ match: PhraseIndex.Match, dispatcher: IntentDispatcher, shortcuts: AppShortcutsSnapshot) async throws {
        let user = TerminalUser(answers: answers, interactive: !nonInteractive && CommandIO.current.isInteractive, agreesToSystemConfirmation: yes)
        let matched: [String: Any] = ["phrase": match.template.text, "kind": Self.kind(match.template.target),
                                      "parameters": Dictionary(match.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })]
        if !json { printLine("Matched \"\(match.template.text)\" (\(Self.describe(match.template.target))).") }
        switch match.template.target {
        case .voiceShortcut(let shortcut):
            switch shortcut.action {
            case .intent(var payload, _):
                payload.identifier = nil
                let intent = payload
                IntentRunReport.noteConflict(for: intent.name, in: dispatcher.catalog, routedTo: shortcut.app)
                try await IntentRunReport(intent: intent.name, json: json, extra: ["matched": matched]).run(on: dispatcher) {
                    try await dispatcher.send(intent, app: shortcut.app, user: user, source: .voiceShortcut)
                }
            case .userActivity(let activity):
                guard let app = dispatcher.catalog.app(identifier: shortcut.app) else {
                    throw SystemCommandSupport.failure(HostError(.noExtension, "The app \(shortcut.app) of this shortcut is not installed."), json: json)
                }
                // Served, the app's output is the client's: it is captured and passed on.
                let served = HostSession.server != nil
                let (status, output) = try SystemCommandSupport.reporting(json) {
                    try ActivityContinuation.run(activity, in: app, stateFolder: dispatcher.configuration.stateFolder,
                                                 capturingOutput: json || served)
                }
                if served && !json { writeOutput(output) }
                if json {
                    JSONOutput.print(["matched": matched, "status": status == 0 ? "continued" : "failed", "app": app.bundleIdentifier,
                                      "exitStatus": Int(status), "appOutput": output])
                }
                if status != 0 { throw ExitCode(ExitStatus.extensionAnsweredFailure) }
            }
        case .intentPhrase(let app, let intent, _):
            IntentRunReport.noteConflict(for: intent, in: dispatcher.catalog, routedTo: app)
            try await IntentRunReport(intent: intent, json: json, extra: ["matched": matched]).run(on: dispatcher) {
                try await dispatcher.send(intent, parameters: match.parameters, app: app, user: user)
            }
        case .appShortcut(let app, let extensionIdentifier, let intent, _):
            let typed = Self.typedValues(match, intent: intent, extension: extensionIdentifier, shortcuts: shortcuts)
            IntentRunReport.noteConflict(for: intent, in: dispatcher.catalog, routedTo: app)
            try await IntentRunReport(intent: intent, json: json, extra: ["matched": matched]).run(on: dispatcher) {
                try await dispatcher.send(intent, parameters: [], typed: typed, app: app, user: user, source: .appShortcut)
            }
        }
    }

    /// The entity or enum values an App Shortcut phrase's slots caught, by their identifiers.
    static func typedValues(_ match: PhraseIndex.Match, intent: String, extension identifier: String,
                            shortcuts: AppShortcutsSnapshot) -> [String: IntentValue] {
        guard let item = shortcuts.shortcuts.first(where: { $0.bundle.bundleIdentifier == identifier && $0.intent.name == intent }) else {
            return [:]
        }
        var typed: [String: IntentValue] = [:]
        for (name, caught) in match.parameters {
            if let parameter = item.intent.parameter(named: name),
               let value = shortcuts.value(identifier: caught, of: parameter, in: item.bundle) {
                typed[name] = value
            }
        }
        return typed
    }

    private func fail(status: String, _ message: String, nearest: [String]) throws -> Never {
        if json {
            JSONOutput.print(["status": status, "utterance": utterance, "nearest": nearest, "error": ["code": "usage", "message": message]])
        } else {
            printError("error: \(message)")
        }
        throw ExitCode(ExitStatus.usage)
    }

    static func listing(_ nearest: [String]) -> String {
        nearest.isEmpty ? "no phrase shares a word with it (`intents shortcuts list` shows voice shortcuts)"
            : "nearest phrases: " + nearest.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func kind(_ target: PhraseTemplate.Target) -> String {
        switch target {
        case .voiceShortcut: "voiceShortcut"
        case .intentPhrase: "intentPhrase"
        case .appShortcut: "appShortcut"
        }
    }

    static func describe(_ target: PhraseTemplate.Target) -> String {
        switch target {
        case .voiceShortcut(let shortcut): "voice shortcut: \(shortcut.action.summary)"
        case .intentPhrase(let app, let intent, _): "\(intent) of \(app)"
        case .appShortcut(let app, _, let intent, _): "App Shortcut: \(intent) of \(app)"
        }
    }
}

extension SayCommand: TakesRepeatedOptions {
    mutating func take(_ options: RepeatedOptions) {
        answers += options["--answer"]
    }
}
