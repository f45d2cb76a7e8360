import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy

/// Hands a user activity to its app, as the system does when the user runs an activity
/// shortcut: runs `<App>.app/<CFBundleExecutable> continue-activity --type TYPE --user-info JSON`
/// with the host's state folder, and waits for it, at most a step's deadline.
///
/// It starts only with a clearance the policy gate gave for this very activity of this app
/// (continuing an activity opens the app, which needs the device unlocked), and it is never a
/// bridge out of the sandbox: it runs only the executable of an installed app bundle, a regular
/// executable file whose real path lies inside the app's real folder, and only for an activity
/// type the app declares; everything in argv is checked first.
///
/// The app runs confined, as an extension does (`SandboxPolicy.forContinuedApp`): started
/// through `intents-sandbox` (its namespaces, a root of its own, a pids cgroup), the runner
/// confines itself by the app's policy and execs the app's executable, through the descriptor
/// the host checked. Only with the host's unsafe flag does it run unconfined.
public enum ActivityContinuation {
    /// How the app ended, and what it printed when its output was captured.
    public struct Outcome: Sendable {
        /// Its exit status (0 for success); a signal that ended it is 128 + the signal's number.
        public var status: Int32
        /// Its standard output and error, when captured (at most `maximumOutput` bytes, the last ones).
        public var output: String
        /// What confined it, as its runner reported before running it; nil when it ran unconfined.
        public var confinement: ConfinementReport? = nil
    }

    /// How a continued app is confined: the runner, the limits, or nothing (the unsafe flag).
    public struct Sandbox: Sendable {
        /// The `intents-extension` executable, which confines itself and execs the app.
        public var runnerPath: String
        /// The app's resource limits.
        public var limits: SandboxPolicy.Limits
        /// False only when the host runs with its unsafe flag: then the app runs as it is.
        public var confine: Bool
        /// Whether the app gets a root of its own. Only tests turn it off, to see what Landlock
        /// and seccomp hold alone (then the app may make no Unix socket, and the server is out of reach).
        var privateRoot = true

        public init(runnerPath: String = HostConfiguration.defaultRunnerPath(), limits: SandboxPolicy.Limits = .standard,
                    confine: Bool = true) {
            self.runnerPath = runnerPath
            self.limits = limits
            self.confine = confine
        }
    }

    /// The most output kept of a continuing app: 1 MiB, the last bytes written.
    public static let maximumOutput = 1 << 20

    /// Runs the app `clearance` allows to continue `activity`, confined with the default runner
    /// and limits; see `run(_:cleared:stateFolder:timeout:capturingOutput:sandbox:)`.
    public static func run(_ activity: UserActivityPayload, cleared clearance: PolicyClearance, stateFolder: String, timeout: Duration,
                           capturingOutput: Bool = false) async throws -> Outcome {
        try await run(activity, cleared: clearance, stateFolder: stateFolder, timeout: timeout, capturingOutput: capturingOutput,
                      sandbox: Sandbox())
    }

    /// Runs the app `clearance` allows to continue `activity`, confined by `sandbox`; returns its
    /// exit status and, with `capturingOutput`, what it printed (otherwise its output goes to
    /// this process's).
    /// - Parameter timeout: how long the app is given; past it, the app and its process group
    ///   are killed.
    /// - Throws: `HostError`: `.usage` when `clearance` is not for this activity's continuation;
    ///   `.refusedByPolicy` when the device locked since the clearance was given;
    ///   `.noExtension` when the app does not declare the activity type or has no usable
    ///   executable; `.badState` when it cannot be started, its containers cannot be made, its
    ///   sandbox cannot engage or its executable cannot run in it; `.requestTimedOut` when it
    ///   did not end within `timeout`.
    public static func run(_ activity: UserActivityPayload, cleared clearance: PolicyClearance, stateFolder: String, timeout: Duration,
                           capturingOutput: Bool = false, sandbox: Sandbox) async throws -> Outcome {
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
        let checked = try checkedExecutable(app.path + "/" + executable, of: app, continuing: quotedType)
        defer { close(checked.file.descriptor) }
        let arguments = ["continue-activity", "--type", activity.activityType, "--user-info", userInfoJSON(activity)]
            + (activity.title.map { ["--title", $0] } ?? [])
        let launch: Launch
        if sandbox.confine {
            // Nothing is made for the app (its containers) once the device has locked.
            try clearance.confirm()
            launch = try confinedLaunch(app, checked, arguments: arguments, stateFolder: stateFolder, sandbox: sandbox, continuing: quotedType)
        } else {
            var environment = ProcessInfo.processInfo.environment
            environment["INTENTS_STATE"] = stateFolder
            environment["INTENTS_APP_BUNDLE"] = app.path
            launch = Launch(executable: checked.file.realPath, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" })
        }
        var ends: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&ends) == 0 else {
                launch.closeAll()
                throw HostError(.badState, "\(checked.file.realPath.quotedForDisplay) cannot be started: \(String(cString: strerror(errno))).")
            }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        }
        let child: ChildProcess
        do {
            try clearance.confirm()
            // From the spawn thread: the launcher asks for a parent-death signal, which Linux
            // sends when the spawning *thread* exits, and a pool thread may be retired while
            // the app runs.
            let (executable, arguments, environment, passing) = (launch.executable, launch.arguments, launch.environment, launch.passing)
            let output: ChildProcess.Output = capturingOutput ? .descriptor(ends[1]) : .inherited
            let startsOwnSession = sandbox.confine
            child = try await SpawnThread.shared.perform {
                try ChildProcess.spawn(executable, arguments: arguments, environment: environment, output: output,
                                       passing: passing, startsOwnSession: startsOwnSession)
            }
        } catch let error as HostError {
            if capturingOutput { close(ends[0]); close(ends[1]) }
            launch.closeAll()
            throw error.code == .refusedByPolicy ? error : HostError(.badState, error.message)
        }
        // The child has its copies. The runner's report ends with its exec (close-on-exec) or its exit.
        launch.passing.forEach { close($0) }
        let report = launch.reportEnd.map { OutputTail(reading: $0, capacity: 1 << 16) }
        let output = capturingOutput ? OutputTail(reading: ends[0], capacity: maximumOutput) : nil
        if capturingOutput { close(ends[1]) }
        defer { TaskCgroup.remove(runner: child.pid, under: launch.taskCgroup) }
        guard let status = await child.exited(within: timeout) else {
            child.kill()
            _ = await child.exited(within: .seconds(5))
            output?.waitForEnd(timeout: .milliseconds(200))
            throw HostError(.requestTimedOut, "\(app.displayName.quotedForDisplay) (\(app.bundleIdentifier)) did not finish continuing \(quotedType) within \(timeout.spoken) (requestTimedOut); its process was ended.")
        }
        // Its output ends with it, unless something it started still holds the pipe.
        output?.waitForEnd(timeout: .seconds(1))
        let signal = status & 0x7F
        var outcome = Outcome(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: output?.raw ?? "")
        if let report {
            // Written and closed before the app ran: a wait only under a heavy load.
            report.waitForEnd(timeout: .seconds(5))
            outcome.confinement = try confinement(from: report.raw, of: app, continuing: quotedType, outcome: outcome)
        }
        return outcome
    }

    /// What to spawn: the app itself (unconfined), or the launcher in front of the runner, with
    /// the descriptors the runner finds on 3, 4 and 5 (the report pipe's write end, the app's
    /// executable, its folder), which the caller closes.
    private struct Launch {
        var executable: String
        var arguments: [String]
        var environment: [String]
        var passing: [Int32] = []
        /// The report pipe's read end, when the app runs confined.
        var reportEnd: Int32?
        var taskCgroup: String?

        /// Closes the descriptors of a launch that did not happen.
        func closeAll() {
            (passing + (reportEnd.map { [$0] } ?? [])).forEach { close($0) }
        }
    }

    /// The launch of the app confined by its policy, with its container and app-group
    /// containers made first.
    /// - Throws: `HostError` (`.badState`) naming what could not be made or opened.
    private static func confinedLaunch(_ app: AppBundle, _ checked: (root: String, file: BundleFile), arguments: [String], stateFolder: String,
                                       sandbox: Sandbox, continuing type: String) throws -> Launch {
        let layout = try ContainerLayout(resolving: stateFolder)
        _ = try layout.prepareContainer(for: app.bundleIdentifier)
        for group in app.entitlements.applicationGroups { _ = try layout.prepareAppGroupContainer(group) }
        var policy = SandboxPolicy.forContinuedApp(app, realFolder: checked.root, layout: layout, limits: sandbox.limits,
                                                   taskCgroup: TaskCgroup.parent)
        if !sandbox.privateRoot { policy.privateRoot = nil }
        let argv = try JSONEncoder().encode([checked.file.realPath] + arguments)
        let runnerArguments = ["--app-fd", String(SandboxPolicy.appExecutableDescriptor), "--app-arguments", String(decoding: argv, as: UTF8.self),
                               "--report-fd", String(SandboxPolicy.appReportDescriptor), "--policy", try policy.runnerText()]
        let (executable, launcherArguments) = SandboxLauncher.command(runnerPath: sandbox.runnerPath, arguments: runnerArguments, policy: policy)
        // The folder by the real path the executable was checked in, through no symlink: its
        // Landlock rule is for this very folder.
        let folder: Int32
        switch BundleFile.openFolder(checked.root) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem):
            throw HostError(.badState, "\(app.displayName.quotedForDisplay) cannot continue \(type): its folder \(checked.root.quotedForDisplay) \(problem.clause).")
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(folder)
            throw HostError(.badState, "\(app.displayName.quotedForDisplay) cannot continue \(type): \(String(cString: strerror(errno))).")
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let executableCopy = fcntl(checked.file.descriptor, F_DUPFD_CLOEXEC, 3)
        guard executableCopy >= 0 else {
            let reason = String(cString: strerror(errno))
            [folder, ends[0], ends[1]].forEach { close($0) }
            throw HostError(.badState, "\(app.displayName.quotedForDisplay) cannot continue \(type): \(reason).")
        }
        return Launch(executable: executable, arguments: launcherArguments, environment: ExtensionProcess.runnerEnvironment(),
                      passing: [ends[1], executableCopy, folder], reportEnd: ends[0], taskCgroup: policy.taskCgroup)
    }

    /// The runner's report: its first line, the confinement; a second one when the exec failed.
    /// - Throws: `HostError` (`.badState`) when the sandbox did not engage (the runner then ran
    ///   nothing), when the executable could not run in it, or when no report came and the
    ///   launch failed.
    private static func confinement(from text: String, of app: AppBundle, continuing type: String,
                                    outcome: Outcome) throws -> ConfinementReport? {
        let lines = text.split(separator: "\n", maxSplits: 1).map(String.init)
        let name = app.displayName.quotedForDisplay
        guard let first = lines.first, let report = try? JSONDecoder().decode(ConfinementReport.self, from: Data(first.utf8)) else {
            guard outcome.status == 0 else {
                throw HostError(.badState, "\(name) cannot continue \(type): its sandbox's runner ended (exit status \(outcome.status)) before it confined the app\(outcome.output.isEmpty ? "" : ": \(ExtensionProcess.summary(of: outcome.output))").")
            }
            return nil
        }
        let missing = report.missingRequiredLayers
        if !missing.isEmpty {
            throw HostError(.badState, "\(name) cannot continue \(type): its sandbox could not engage \(missing.joined(separator: ", ")), so it was not run. \(report.problems.joined(separator: " "))")
        }
        if lines.count > 1, let failure = lines.last?.trimmingCharacters(in: .whitespacesAndNewlines), failure.hasPrefix("exec failed: ") {
            throw HostError(.badState, "\(name) cannot continue \(type): its executable cannot run in its sandbox (\(failure.dropFirst("exec failed: ".count))).")
        }
        return report
    }

    /// The real path of the app's executable, a regular file, executable, inside the app's real
    /// folder, open for reading; and that folder's real path.
    /// - Throws: `HostError` (`.noExtension`) saying which of these it is not.
    private static func checkedExecutable(_ path: String, of app: AppBundle, continuing type: String) throws -> (root: String, file: BundleFile) {
        func refuse(_ clause: String) -> HostError {
            HostError(.noExtension, "\(app.displayName.quotedForDisplay) cannot continue \(type): its executable \(path.quotedForDisplay) \(clause).")
        }
        guard let root = RealPath.of(app.path) else { throw refuse("is in a bundle that does not resolve") }
        switch BundleFile.open(path, inside: root) {
        case .failure(let problem):
            throw refuse(problem.clause)
        case .success(let file):
            guard access(file.realPath, X_OK) == 0 else {
                close(file.descriptor)
                throw refuse("is not executable")
            }
            return (root, file)
        }
    }

    /// The user info as a JSON object of plain values (strings, numbers, booleans, lists).
    static func userInfoJSON(_ activity: UserActivityPayload) -> String {
        let object = activity.userInfo.mapValues(\.plainValue)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
