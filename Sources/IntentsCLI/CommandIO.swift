import Foundation

/// Where a command's standard streams, questions and environment come from: this process's
/// own (embedded), or a client's, when `intents serve` runs the command on its behalf.
struct CommandIO: Sendable {
    /// Writes standard output; false when it could not be written.
    var writeOutput: @Sendable (String) -> Bool
    var writeError: @Sendable (String) -> Void
    /// One line the user typed, without its newline; nil at the end of input.
    var readLine: @Sendable () async -> String?
    /// Whether the user can be asked on a terminal.
    var isInteractive: Bool
    /// The environment the command reads (`INTENTS_STEP_TIMEOUT`, `INTENTS_APPS`...).
    var environment: [String: String]

    /// The command's time zone: its environment's `TZ`, else this process's.
    var timeZone: TimeZone {
        environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
    }

    /// The streams of the task's command.
    @TaskLocal static var current = CommandIO.process

    /// This process's own streams.
    static let process = CommandIO(
        writeOutput: { StandardStream.output.write($0) },
        writeError: { _ = StandardStream.error.write($0) },
        // Waits for the user on a thread of the pool: never on the thread that reads an
        // extension's replies, where an embedded conversation may run.
        readLine: { await Task.detached { Swift.readLine() }.value },
        isInteractive: isatty(0) == 1,
        environment: ProcessInfo.processInfo.environment)
}
