import ExtensionProtocol
import Foundation

extension SandboxPolicy {
    /// The policy as the runner receives it: JSON text, in an argument or an `assign` message
    /// (the runner reads it with `SandboxPolicy(runnerText:)`).
    func runnerText() throws -> String {
        String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }
}
