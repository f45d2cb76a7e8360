import ArgumentParser
import CommandReports
import Foundation
import ExtensionProtocol
import IntentsHost
import LocalAPI
import SystemStore
import ExtensionProcesses
import HostBundles
import HostTools

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
          intents say "Start a Meditation" --answer 2 --record start-meditation.yaml

        --record FILE writes the conversation as a transcript (YAML) that `intents test FILE`
        replays: the phrase and what it matched (intent, app, invocation source), the lock
        state, the app's Siri authorization, every prompt and answer, the code, the outputs,
        the dialog and the exit status. A phrase that runs no conversation records nothing.
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
    @OptionGroup var record: RecordOption

    func validate() throws {
        if PhraseText.words(utterance).isEmpty { throw ValidationError("The utterance \"\(utterance)\" has no words.") }
    }

    func run() async throws {
        let configuration = try global.hostConfiguration(stepTimeout: step.stepTimeout)
        let dispatcher = HostSession.dispatcher(for: configuration)
        let (index, shortcuts) = try await SystemCommandSupport.phraseIndex(dispatcher, for: utterance)
        if let request = AppShortcutsHelp.request(in: utterance, catalog: dispatcher.catalog) {
            if record.path != nil { throw HostError(.usage, "--record records a conversation; \(utterance.quotedForDisplay) asks what the apps can do and has none.") }
            let listed = try SystemCommandSupport.reporting(json) { try AppShortcutsHelp.listed(for: request, in: shortcuts) }
            let help = SpokenHelp(everyApp: request == .everyApp, shortcuts: listed.map { item in
                SpokenHelp.Shortcut(app: item.app.bundleIdentifier, appName: item.app.displayName, intent: item.intent.name,
                                    phrase: item.primaryPhrase, shortTitle: item.shortcut.shortTitle, description: item.intent.description)
            })
            return json ? writeOutput(SayReport.json(help).text + "\n") : SayReport.lines(help).forEach(printLine)
        }
        let outcome = index.match(utterance)
        if let unmatched = SpokenPhrase.unmatched(outcome, utterance: utterance) {
            let miss = SpokenMiss(status: unmatched.status, message: unmatched.message, nearest: unmatched.nearest)
            if json { writeOutput(SayReport.json(miss, utterance: utterance).text + "\n") } else { printError("error: \(miss.message)") }
            throw ExitCode(ExitStatus.usage)
        }
        guard case .matched(let match) = outcome else { return }
        if !json { printLine(SayReport.matchedLine(phrase: match.template.text, description: SpokenPhrase.describe(match.template.target))) }
        guard let matched = MatchedIntent(match, shortcuts: shortcuts) else {
            if record.path != nil { throw HostError(.usage, "--record records a conversation; \(utterance.quotedForDisplay) continues an activity in its app.") }
            return try await continueActivity(match, dispatcher: dispatcher)
        }
        let terminal = TerminalUser(answers: answers, interactive: !nonInteractive && CommandIO.current.isInteractive, agreesToSystemConfirmation: yes)
        let recording = try TranscriptRecording(record, invocation: .say(phrase: utterance, matched: matched.transcriptMatch),
                                                source: matched.source, user: terminal, on: dispatcher)
        let user: any ConversationUser = recording?.user ?? terminal
        IntentRunReport.noteConflict(for: matched.intent, in: dispatcher.catalog, routedTo: matched.app)
        try await IntentRunReport(intent: matched.intent, json: json, extra: ["matched": matchedObject(match)]).run(on: dispatcher, recording: recording) {
            // The user's own command: the names the phrase caught are matched against the user's contacts.
            try await matched.send(on: dispatcher, user: user, matchesContacts: true)
        }
    }

    private func matchedObject(_ match: PhraseIndex.Match) -> JSONValue {
        SayReport.matchedJSON(phrase: match.template.text, kind: SpokenPhrase.kind(match.template.target),
                              parameters: match.parameters.map { TextParameter(name: $0.name, value: $0.value) })
    }

    /// A voice shortcut to a user activity: handed to its app, once the policy gate allows it
    /// (continuing an activity opens the app, which needs the device unlocked).
    private func continueActivity(_ match: PhraseIndex.Match, dispatcher: IntentDispatcher) async throws {
        guard case .voiceShortcut(let shortcut) = match.template.target, case .userActivity(let activity) = shortcut.action else { return }
        guard let app = dispatcher.catalog.app(identifier: shortcut.app) else {
            throw SystemCommandSupport.failure(HostError(.noExtension, "The app \(shortcut.app) of this shortcut is not installed."), json: json)
        }
        // Served, the app's output is the client's: it is captured and passed on.
        let served = HostSession.server != nil
        let outcome: ActivityContinuation.Outcome
        do {
            outcome = try await dispatcher.continueActivity(activity, in: app, capturingOutput: json || served)
        } catch let error as HostError {
            if json {
                let failure = HostFailure(code: error.code.rawValue, message: error.message, rule: error.policyRule?.rawValue, extensionBundle: app.bundleIdentifier)
                writeOutput(SayReport.continuationJSON(failure, matched: matchedObject(match)).text + "\n")
            } else {
                printError("error: \(error.message)")
            }
            throw ExitCode(ExitStatus.code(for: error))
        }
        let result = ActivityContinuationResult(app: app.bundleIdentifier, status: outcome.status, output: outcome.output)
        if served && !json { writeOutput(outcome.output) }
        if json { writeOutput(SayReport.continuationJSON(result, matched: matchedObject(match)).text + "\n") }
        if outcome.status != 0 { throw ExitCode(ExitStatus.extensionAnsweredFailure) }
    }
}

extension SayCommand: TakesRepeatedOptions {
    mutating func take(_ options: RepeatedOptions) {
        answers += options["--answer"]
    }
}
