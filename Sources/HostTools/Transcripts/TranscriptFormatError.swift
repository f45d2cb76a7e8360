import HostBundles

/// Why a transcript cannot be replayed: one sentence naming the file, the line and the key or
/// value (`a.yaml:3: lockState "sideways" is not one of unlocked, locked, lockedBeforeFirstUnlock.`).
public struct TranscriptFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The line (from 1) of the offending key or value; nil when the file itself is the problem.
    public var line: Int?
    /// The sentence, without the file and line.
    public var reason: String

    public init(file: String, line: Int?, _ reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)".escapedForTerminal
    }

    /// The usage error `intents test` reports.
    public var hostError: HostError { HostError(.usage, description) }
}
