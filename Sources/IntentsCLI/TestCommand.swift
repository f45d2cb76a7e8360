import ArgumentParser
import HostTools
import IntentsHost

/// `intents test`: replays recorded transcripts against the installed extensions.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Replay transcripts recorded with --record against the installed extensions, and report what differs.",
        discussion: """
        Each transcript (a FILE, or every *.yaml and *.yml in a FOLDER, recursively, sorted) is
        run again as it was recorded: `send` with its parameters, or `say` with its phrase, in
        the transcript's lock state and with its Siri authorization for the app (the device's
        own lock state and authorizations are neither read nor changed), from its invocation
        source, with --yes when it had it. Each question gets the answer of the next recorded
        prompt of the same kind about the same parameter; a question the transcript has no
        answer for ends the conversation as input needed.

        Compared: what a phrase matched and its source; each prompt's kind, parameter, text and
        choices (a prompt with `match: loose` skips its text); a prompt the replay adds, or a
        recorded one it never asks; the result's extension, code and step, outputs, dialog,
        snippet and failure, or its error and policy rule; and the exit status. Not compared:
        the answers, and an error's message. Each difference is one line,
        FILE:LINE: expected X, got Y, at the transcript's line of the expected value.

        Output: PASS FILE or FAIL FILE and its differences, for each transcript, then
        N passed, N failed. Exit codes: 0 all passed, 1 any failed, 2 usage (no such file, a
        folder with no transcript, or a malformed transcript: one sentence naming the file,
        the line and the key; nothing is replayed then).

        Examples:
          intents test Plugins/Samples/MonkeyChatIntents/Transcripts/send-message-to-bobo.yaml
          intents test Plugins/Samples/*/Transcripts --junit transcripts.xml
          intents test --state "$(mktemp -d)" Transcripts --json
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Transcripts, or folders of them.", valueName: "file-or-folder")) var paths: [String] = []
    @Flag(help: "Print one JSON object: passed, failed, and each transcript's file, result and differences.") var json = false
    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file")) var junit: String?
    @OptionGroup var step: StepTimeoutOption

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one transcript or folder of transcripts.") }
        if let junit { _ = try ReportFile(junit, option: "--junit") }
    }

    func run() async throws {
        let report = try junit.map { try ReportFile($0, option: "--junit") }
        let transcripts = try TranscriptFiles.find(paths).map { file in
            do {
                return try RecordedTranscript.read(file: file)
            } catch let error as TranscriptFormatError {
                throw error.hostError
            }
        }
        let host = HostSession.dispatcher(for: try global.hostConfiguration(stepTimeout: step.stepTimeout))
        let replay = TranscriptReplay(host: host)
        var results: [TranscriptTestResult] = []
        for recorded in transcripts {
            results.append(TranscriptTestResult(file: recorded.file, differences: await replay.differences(recorded)))
        }
        await HostSession.finish(host)
        TranscriptTestResult.report(results, json: json)
        try report?.write(JUnitReport.xml(results), what: "JUnit report")
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.problems) }
    }
}
