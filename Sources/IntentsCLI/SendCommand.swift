import ArgumentParser
import ExtensionProtocol
import Foundation
import HostTools
import IntentsHost

struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Run an intent through the extension that supports it: resolve, confirm, handle.",
        discussion: """
        Parameters are typed by the intent: a list parameter takes several --param (or commas).
        Questions are asked on the terminal; --answer gives answers in advance, in order (a
        choice by its number or its name, a confirmation by yes or no). Before handling a message,
        a payment, a ride or a custom intent whose definition asks for it, the system asks
        whether to go ahead, as Siri does ("Ready to send it?"): answer it, or pass --yes; a no
        ends the conversation without handling it (exit code 6, status "declined"). When several apps
        support the intent, --app says which one; without it, you are asked on the terminal
        which app first (never from --answer, so that a new app cannot take scripted answers).

        Examples:
          intents send INSendMessageIntent --param recipients=Bobo --param content="Please send more bananas"
          intents send INSendMessageIntent --param recipients=Bobo --param content=hi --answer 2 --yes --json
          intents send OrderPizzaIntent --param kind=margherita --param quantity=2 --param deliveryTime=19:30
          intents send INSendMessageIntent --app MonkeyChat --param recipients=Kiki --param content=hi
          intents send INSendMessageIntent --param recipients=Bobo --param content=hi --answer 2 --answer yes --record bobo.yaml

        --record FILE writes the conversation as a transcript (YAML: the invocation, the lock
        state, the app's Siri authorization, every prompt and answer, the code, the outputs and
        the exit status) that `intents test FILE` replays; see `intents test --help`.
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The intent's class name, as in IntentsSupported.") var intent: String
    @Option(help: ArgumentHelp("The app whose extension handles it (name or bundle identifier), when several apps support it.",
                               valueName: "app"))
    var app: String?
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter, as NAME=VALUE; repeatable.", valueName: "name=value"))
    var parameters: [String] = []
    @Option(name: .customLong("answer"), help: ArgumentHelp("An answer to the next question; repeatable.", valueName: "value"))
    var answers: [String] = []
    @Flag(help: "Never ask: fail with exit code 2 when input is needed and no --answer is left.")
    var nonInteractive = false
    @Flag(help: "Answer yes to the system's own question before the intent is handled (\"Ready to send it?\").")
    var yes = false
    @OptionGroup var step: StepTimeoutOption
    @Flag(help: "Print one JSON object: intent, extension, status, code, output, prompts...") var json = false
    @OptionGroup var record: RecordOption
    @Option(help: ArgumentHelp("The extension's CPU time limit, in seconds (default 60).", valueName: "seconds"))
    var cpuLimit: UInt64?
    @Option(help: ArgumentHelp("The extension's address-space limit, in MiB (default 1024).", valueName: "MiB"))
    var memoryLimit: UInt64?
    @Option(help: ArgumentHelp("The extension's open-file limit (default 256).", valueName: "count"))
    var openFilesLimit: UInt64?
    @Option(help: ArgumentHelp("The largest file the extension may write, in MiB (default 256).", valueName: "MiB"))
    var fileSizeLimit: UInt64?
    @Option(help: ArgumentHelp("The extension's threads, capped by a pids cgroup when the host runs as root (default 512).",
                               valueName: "count"))
    var threadsLimit: UInt64?
    @Flag(name: .customLong("unsafe-no-sandbox"),
          help: "DANGER: run the extension with no confinement at all (no Landlock, seccomp, namespaces or limits). For debugging only.")
    var unsafeNoSandbox = false

    func validate() throws {
        for parameter in parameters where !parameter.contains("=") || parameter.hasPrefix("=") {
            throw ValidationError("--param \"\(parameter)\" must be NAME=VALUE, for example --param content=hello.")
        }
        // An extension needs about 112 MiB of address space to start (the Swift runtime and
        // Foundation); no process may open more files than the hard limit this one was given.
        var hardFiles = rlimit()
        let openFilesCeiling = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &hardFiles) == 0 ? max(16, min(UInt64(hardFiles.rlim_max), 1 << 20)) : 1 << 20
        let ranges: [(String, UInt64?, ClosedRange<UInt64>)] = [
            ("--cpu-limit", cpuLimit, 1...86_400), ("--memory-limit", memoryLimit, 128...1 << 30),
            ("--open-files-limit", openFilesLimit, 16...openFilesCeiling), ("--file-size-limit", fileSizeLimit, 1...1 << 30),
            ("--threads-limit", threadsLimit, 8...1 << 22),
        ]
        for (flag, value, range) in ranges {
            if let value, !range.contains(value) {
                throw ValidationError("\(flag) \(value) is out of range; give \(range.lowerBound) to \(range.upperBound).")
            }
        }
    }

    func run() async throws {
        var configuration = try global.hostConfiguration(stepTimeout: step.stepTimeout)
        if let cpuLimit { configuration.sandboxLimits.cpuSeconds = cpuLimit }
        if let memoryLimit { configuration.sandboxLimits.memoryBytes = memoryLimit << 20 }
        if let openFilesLimit { configuration.sandboxLimits.openFiles = openFilesLimit }
        if let fileSizeLimit { configuration.sandboxLimits.fileSizeBytes = fileSizeLimit << 20 }
        if let threadsLimit { configuration.sandboxLimits.threads = threadsLimit }
        if unsafeNoSandbox {
            configuration.unsafeNoSandbox = true
            printError("WARNING: --unsafe-no-sandbox: the extension runs UNCONFINED, with all of this user's rights over files, network and processes.")
        }
        let dispatcher = HostSession.dispatcher(for: configuration)
        let interactive = !nonInteractive && CommandIO.current.isInteractive
        let terminal = TerminalUser(answers: answers, interactive: interactive, agreesToSystemConfirmation: yes)
        let chooser = TerminalUser(answers: [], interactive: interactive)
        let pairs = parameters.map { text -> (name: String, value: String) in
            let split = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(split[0]), split.count > 1 ? String(split[1]) : "")
        }
        let recording = try TranscriptRecording(record, invocation: .send(intent: intent, app: app, parameters: pairs.map { Transcript.Parameter(name: $0.name, value: $0.value) }),
                                                source: .direct, user: terminal, on: dispatcher)
        let user: any ConversationUser = recording?.user ?? terminal
        if app == nil { IntentRunReport.noteConflict(for: intent, in: dispatcher.catalog) }
        try await IntentRunReport(intent: intent, json: json).run(on: dispatcher, recording: recording) {
            // The user's own command (embedded, or run by a server for its verified `intents`
            // peer): the names given are matched against the user's contacts.
            try await dispatcher.send(intent, parameters: pairs, app: app, user: user,
                                      appChooser: recording?.user.alongside(chooser) ?? chooser, matchesContacts: true)
        }
    }
}

extension SendCommand: TakesRepeatedOptions {
    mutating func take(_ options: RepeatedOptions) {
        parameters += options["--param"]
        answers += options["--answer"]
    }
}
