/// One way a replay differs from its transcript: the transcript's line where the expected value
/// is, and what was expected and what came (`expected code success, got failure`).
public struct TranscriptDifference: Hashable, Sendable {
    /// The line (from 1) of the transcript's expected value.
    public var line: Int
    /// `expected X, got Y`, values quoted and escaped.
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// The difference as `FILE:LINE: expected X, got Y`.
    public func located(in file: String) -> String {
        "\(file):\(line): \(message)"
    }
}
