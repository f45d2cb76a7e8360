extension IntentDispatcher {
    /// The policy matrix of this host's catalog, from the code every request runs; App Intents
    /// are judged from their cached metadata, so that no extension runs.
    /// - Parameter checksAuthorization: whether Siri authorization is judged; nil, as this
    ///   host's configuration says (`requiresSiriAuthorization`).
    /// - Throws: `HostError` (`.badState`) when the system store or a library cannot be read.
    public func policyMatrix(checksAuthorization: Bool? = nil) throws -> PolicyMatrix {
        try PolicyMatrix.of(catalog, appIntents: { try cachedAppIntentsMetadata(of: $0) },
                            checksAuthorization: checksAuthorization ?? configuration.requiresSiriAuthorization)
    }
}
