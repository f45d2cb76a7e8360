import ExtensionProtocol
import Foundation

/// Hands a user activity to its app, as the system does when the user runs an activity
/// shortcut: runs `<App>.app/<CFBundleExecutable> continue-activity --type TYPE --user-info JSON`
/// with the host's state folder, and waits for it, at most a step's deadline.
///
/// It starts only with a clearance the policy gate gave for this very activity of this app
/// (continuing an activity opens the app, which needs the device unlocked), and it is never a
/// bridge out of the sandbox: it runs only the executable of an installed app bundle, a regular
/// executable file whose real path lies inside the app's real folder, and only for an activity
/// type the app declares; everything in argv is checked first.
public enum ActivityContinuation {
    /// How the app ended, and what it printed when its output was captured.
    public struct Outcome: Sendable {
        /// Its exit status (0 for success); a signal that ended it is 128 + the signal's number.
        public var status: Int32
        /// Its standard output and error, when captured (at most `maximumOutput` bytes, the last ones).
        public var output: String
    }

    /// The most output kept of a continuing app: 1 MiB, the last bytes written.
    public static let maximumOutput = 1 << 20

    /// Runs the app `clearance` allows to continue `activity`; returns its exit status and,
    /// with `capturingOutput`, what it printed (otherwise its output goes to this process's).
    /// - Parameter timeout: how long the app is given; past it, the app and its process group
    ///   are killed.
    /// - Throws: `HostError`: `.usage` when `clearance` is not for this activity's continuation;
    ///   `.refusedByPolicy` when the device locked since the clearance was given;
    ///   `.noExtension` when the app does not declare the activity type or has no usable
    ///   executable; `.badState` when it cannot be started; `.requestTimedOut` when it did not
    ///   end within `timeout`.
    public static func run(_ activity: UserActivityPayload, cleared clearance: PolicyClearance, stateFolder: String, timeout: Duration,
                           capturingOutput: Bool = false) async throws -> Outcome {
        guard case .userActivity(let type, let app) = clearance.subject, type == activity.activityType,
              clearance.source == .activityContinuation else {
            throw HostError(.usage, "The clearance for \(clearance.subject.name) of \(clearance.subject.bundleIdentifier) does not cover continuing \(activity.activityType.quotedForDisplay).")
        }
        let quotedType = activity.activityType.quotedForDisplay
        guard BundleName.isValid(activity.activityType, as: .activityType), app.userActivityTypes.contains(activity.activityType) else {
            throw HostError(.noExtension, "\(app.displayName.quotedForDisplay) does not continue \(quotedType): it is not in NSUserActivityTypes of \(app.path)/Info.plist.")
        }
        guard let executable = app.executable, BundleName.isValid(executable, as: .executable) else {
            throw HostError(.noExtension, "\(app.displayName.quotedForDisplay) cannot continue \(quotedType): \(app.path)/Info.plist names no valid CFBundleExecutable.")
        }
        let path = try checkedExecutable(app.path + "/" + executable, of: app, continuing: quotedType)
        let arguments = ["continue-activity", "--type", activity.activityType, "--user-info", userInfoJSON(activity)]
            + (activity.title.map { ["--title", $0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["INTENTS_STATE"] = stateFolder
        environment["INTENTS_APP_BUNDLE"] = app.path
        var ends: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&ends) == 0 else {
                throw HostError(.badState, "\(path.quotedForDisplay) cannot be started: \(String(cString: strerror(errno))).")
            }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        }
        let child: ChildProcess
        do {
            try clearance.confirm()
            child = try ChildProcess.spawn(path, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                                           output: capturingOutput ? .descriptor(ends[1]) : .inherited)
        } catch let error as HostError {
            if capturingOutput { close(ends[0]); close(ends[1]) }
            throw error.code == .refusedByPolicy ? error : HostError(.badState, error.message)
        }
        let output = capturingOutput ? OutputTail(reading: ends[0], capacity: maximumOutput) : nil
        if capturingOutput { close(ends[1]) }
        guard let status = await child.exited(within: timeout) else {
            child.kill()
            _ = await child.exited(within: .seconds(5))
            output?.waitForEnd(timeout: .milliseconds(200))
            throw HostError(.requestTimedOut, "\(app.displayName.quotedForDisplay) (\(app.bundleIdentifier)) did not finish continuing \(quotedType) within \(timeout.spoken) (requestTimedOut); its process was ended.")
        }
        // Its output ends with it, unless something it started still holds the pipe.
        output?.waitForEnd(timeout: .seconds(1))
        let signal = status & 0x7F
        return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: output?.raw ?? "")
    }

    /// The real path of the app's executable: a regular file, executable, inside the app's real folder.
    /// - Throws: `HostError` (`.noExtension`) saying which of these it is not.
    private static func checkedExecutable(_ path: String, of app: AppBundle, continuing type: String) throws -> String {
        func refuse(_ clause: String) -> HostError {
            HostError(.noExtension, "\(app.displayName.quotedForDisplay) cannot continue \(type): its executable \(path.quotedForDisplay) \(clause).")
        }
        guard let root = RealPath.of(app.path) else { throw refuse("is in a bundle that does not resolve") }
        switch BundleFile.open(path, inside: root) {
        case .failure(let problem):
            throw refuse(problem.clause)
        case .success(let file):
            defer { close(file.descriptor) }
            guard access(file.realPath, X_OK) == 0 else { throw refuse("is not executable") }
            return file.realPath
        }
    }

    /// The user info as a JSON object of plain values (strings, numbers, booleans, lists).
    static func userInfoJSON(_ activity: UserActivityPayload) -> String {
        let object = activity.userInfo.mapValues(\.plainValue)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

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
        let outcome = try await ActivityContinuation.run(activity, cleared: clearance, stateFolder: configuration.stateFolder,
                                                         timeout: configuration.stepTimeout, capturingOutput: capturingOutput)
        logger.info("activity continued", metadata: ["status": "\(outcome.status)"])
        return outcome
    }
}
