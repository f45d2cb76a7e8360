import ExtensionProtocol
import Foundation

extension SandboxPolicy {
    /// Reads a policy from the JSON text the host passes the runner (`runnerText()` on the host's side).
    /// - Throws: `DecodingError` when the text is not a policy.
    init(runnerText: String) throws {
        self = try JSONDecoder().decode(SandboxPolicy.self, from: Data(runnerText.utf8))
    }
}
