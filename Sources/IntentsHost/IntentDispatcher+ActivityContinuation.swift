import ExtensionProcesses
import ExtensionProtocol
import HostBundles

extension IntentDispatcher {
    /// Continues `activity` in `app`, as the system does when the user runs a voice shortcut
    /// attached to a donated user activity: the policy gate decides first (an activity
    /// continuation opens the app, which needs the device unlocked), then the app runs, for at
    /// most this host's step deadline.
    /// - Throws: `HostError` `.refusedByPolicy` (rule `opens-app-while-locked`) before anything
    ///   starts; the errors of `ActivityContinuation.run`.
    public func continueActivity(_ activity: UserActivityPayload, in app: AppBundle,
                                 capturingOutput: Bool = false) async throws -> ActivityContinuation.Outcome {
        var logger = logger
        logger[metadataKey: "app"] = "\(app.bundleIdentifier)"
        logger[metadataKey: "activity"] = "\(activity.activityType)"
        let clearance = try clear(.userActivity(activity.activityType, of: app), app: app, from: .activityContinuation, logger: logger)
        let sandbox = ActivityContinuation.Sandbox(runnerPath: configuration.runnerPath, limits: configuration.sandboxLimits,
                                                   confine: !configuration.unsafeNoSandbox)
        let outcome = try await ActivityContinuation.run(activity, cleared: clearance, stateFolder: configuration.stateFolder,
                                                         timeout: configuration.stepTimeout, capturingOutput: capturingOutput, sandbox: sandbox)
        logger.info("activity continued", metadata: ["status": "\(outcome.status)"])
        return outcome
    }
}
