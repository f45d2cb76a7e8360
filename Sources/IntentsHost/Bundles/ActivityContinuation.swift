import ExtensionProtocol
import Foundation

/// Hands a user activity to its app, as the system does when the user runs an activity
/// shortcut: runs `<App>.app/<CFBundleExecutable> continue-activity --type TYPE --user-info JSON`
/// with the host's state folder, and waits for it.
///
/// It is never a bridge out of the sandbox: it runs only the executable of an installed app
/// bundle, a regular executable file whose real path lies inside the app's real folder, and
/// only for an activity type the app declares; everything in argv is checked first.
public enum ActivityContinuation {
    /// Runs the app; returns its exit status and, with `capturingOutput`, what it printed
    /// (otherwise its output goes to this process's output).
    /// - Throws: `HostError` (`.noExtension`) when the app does not declare the activity type
    ///   or has no executable; `.badState` when it cannot be started.
    public static func run(_ activity: UserActivityPayload, in app: AppBundle, stateFolder: String,
                           capturingOutput: Bool = false) throws -> (status: Int32, output: String) {
        let type = activity.activityType.quotedForDisplay
        guard BundleName.isValid(activity.activityType, as: .activityType), app.userActivityTypes.contains(activity.activityType) else {
            throw HostError(.noExtension, "\(app.displayName.quotedForDisplay) does not continue \(type): it is not in NSUserActivityTypes of \(app.path)/Info.plist.")
        }
        guard let executable = app.executable, BundleName.isValid(executable, as: .executable) else {
            throw HostError(.noExtension, "\(app.displayName.quotedForDisplay) cannot continue \(type): \(app.path)/Info.plist names no valid CFBundleExecutable.")
        }
        let path = try checkedExecutable(app.path + "/" + executable, of: app, continuing: type)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["continue-activity", "--type", activity.activityType, "--user-info", userInfoJSON(activity)]
            + (activity.title.map { ["--title", $0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["INTENTS_STATE"] = stateFolder
        environment["INTENTS_APP_BUNDLE"] = app.path
        process.environment = environment
        let pipe = Pipe()
        if capturingOutput {
            process.standardOutput = pipe
            process.standardError = pipe
        }
        do {
            try process.run()
        } catch {
            throw HostError(.badState, "\(path.quotedForDisplay) cannot be started: \(HostError.reason(error)).")
        }
        let output = capturingOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
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
