import LocalAPI

extension IntentsClient {
    /// A socket connected to the server of `configuration.stateFolder`, starting one when none
    /// listens and `startsServer` allows it; the caller owns the socket and closes it.
    ///
    /// Blocks the calling thread while a server starts (at most `serverStartTimeout`): for the
    /// SDK's synchronous system calls (`INVocabulary`, `INInteraction.donate`...), which Apple's
    /// API makes from any thread. Asynchronous code uses `IntentsClient`'s methods instead.
    /// - Throws: `IntentsClientError` (`.serverUnavailable`, `.usage` for a relative state folder).
    package static func connectedSocket(_ configuration: Configuration) throws -> Int32 {
        if let socket = LocalAPISocket.connect(stateFolder: configuration.stateFolder) { return socket }
        guard configuration.startsServer else {
            throw IntentsClientError(.serverUnavailable, "No intents server listens for \(configuration.stateFolder); start one with intents serve.")
        }
        return try ServerLauncher.start(configuration)
    }
}
