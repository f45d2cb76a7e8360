import Foundation

extension SandboxPolicy {
    /// The policy as the runner receives it: JSON text, in an argument or an `assign` message.
    public func runnerText() throws -> String {
        String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }

    /// Reads a policy from its runner text.
    /// - Throws: `DecodingError` when the text is not a policy.
    public init(runnerText: String) throws {
        self = try JSONDecoder().decode(SandboxPolicy.self, from: Data(runnerText.utf8))
    }
}
