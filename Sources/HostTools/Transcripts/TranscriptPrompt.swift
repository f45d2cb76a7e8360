import IntentsHost

/// A prompt of a transcript, and how a replay compares it.
public struct TranscriptPrompt: Hashable, Sendable {
    /// How a replayed prompt must match this one.
    public enum Matching: String, Hashable, Sendable, CaseIterable {
        /// Kind, parameter, text and choices are all equal.
        case exact
        /// Kind, parameter and choices are equal; the text may differ (`match: loose`).
        case loose
    }

    public var prompt: Prompt
    public var matching: Matching

    public init(_ prompt: Prompt, matching: Matching = .exact) {
        self.prompt = prompt
        self.matching = matching
    }
}
