import ArgumentParser

/// `--record FILE`, taken by `send` and `say`.
struct RecordOption: ParsableArguments {
    @Option(name: .customLong("record"), help: ArgumentHelp(
        "Write the conversation to this file as a transcript (YAML) that `intents test` replays.", valueName: "file"))
    var path: String?

    func validate() throws {
        if let path { _ = try ReportFile(path, option: "--record") }
    }
}
