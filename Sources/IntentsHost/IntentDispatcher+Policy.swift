import HostBundles
import HostPolicy

extension IntentDispatcher {
    /// The policy matrix of this host's catalog, from the code every request runs; App Intents
    /// are judged from their cached metadata, so that no extension runs.
    /// - Parameter checksAuthorization: whether Siri authorization is judged; nil, as this
    ///   host's configuration says (`requiresSiriAuthorization`).
    /// - Throws: `HostError` (`.badState`) when the system store or a library cannot be read.
    public func policyMatrix(checksAuthorization: Bool? = nil) throws -> PolicyMatrix {
        // A library the host refuses to read (`.extensionFailed`: not a regular file, or too
        // large to hash) leaves that extension's App Intents not known; the rest is shown.
        var problems: [String] = []
        var matrix = try PolicyMatrix.of(catalog, appIntents: { bundle in
            do {
                return try cachedAppIntentsMetadata(of: bundle)
            } catch let error as HostError where error.code == .extensionFailed {
                problems.append("The App Intents of \(bundle.bundleIdentifier) are shown as not known: \(error.message)")
                return nil
            }
        }, checksAuthorization: checksAuthorization ?? configuration.requiresSiriAuthorization)
        matrix.problems = problems
        return matrix
    }
}
