extension IntentRequestHandler {
    /// The executor that work an answer starts on its own (an App Intent's `perform()`)
    /// prefers: the one a host serving the extension in its own process runs answers on, so
    /// that they never wait for the host's busy cooperative pool; nil in an extension process.
    @TaskLocal public static var taskExecutor: (any TaskExecutor)?
}
