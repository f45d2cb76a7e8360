import ExtensionProtocol
import Foundation

/// Hands a user activity to its app, as the system does when the user runs an activity
/// shortcut: runs `<App>.app/<CFBundleExecutable> continue-activity --type TYPE --user-info JSON`
/// with the host's state folder, and waits for it.
public enum ActivityContinuation {
    /// Runs the app; returns its exit status and, with `capturingOutput`, what it printed
    /// (otherwise its output goes to this process's output).
    /// - Throws: `HostError` (`.noExtension`) when the app does not declare the activity type
    ///   or has no executable; `.badState` when it cannot be started.
    public static func run(_ activity: UserActivityPayload, in app: AppBundle, stateFolder: String,
                           capturingOutput: Bool = false) throws -> (status: Int32, output: String) {
        guard app.userActivityTypes.contains(activity.activityType) else {
            throw HostError(.noExtension, "\(app.displayName) does not continue \(activity.activityType): it is not in NSUserActivityTypes of \(app.path)/Info.plist.")
        }
        guard let executable = app.executable else {
            throw HostError(.noExtension, "\(app.displayName) cannot continue \(activity.activityType): \(app.path)/Info.plist names no CFBundleExecutable.")
        }
        let path = app.path + "/" + executable
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw HostError(.noExtension, "\(app.displayName) cannot continue \(activity.activityType): its executable \(path) does not exist.")
        }
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
            throw HostError(.badState, "\(path) cannot be started: \(error.localizedDescription)")
        }
        let output = capturingOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The user info as a JSON object of plain values (strings, numbers, booleans, lists).
    static func userInfoJSON(_ activity: UserActivityPayload) -> String {
        let object = activity.userInfo.mapValues(\.plainValue)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
