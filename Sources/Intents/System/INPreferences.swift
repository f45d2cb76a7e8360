import Foundation
import SystemCalls

/// Whether the user lets the app use Siri, numbered as Apple numbers it.
public enum INSiriAuthorizationStatus: Int, Sendable {
    /// `notDetermined`: the app has not asked, or the question got no answer. `restricted`: the
    /// user may not allow it (set by the system, never by the question). `denied`: the user said
    /// no. `authorized`: the user said yes; only then does the host pass the app's SiriKit domain
    /// intents to its extension.
    case notDetermined = 0, restricted = 1, denied = 2, authorized = 3
}

/// The app's Siri authorization. SiriKit domain intents (messages, calls, payments...) of an app
/// that is not authorized are refused by the host; custom intents and shortcuts are not.
public final class INPreferences: NSObject {
    /// How a unit test's user answers, given the app's name and its `NSSiriUsageDescription`:
    /// used only when `IntentsTesting`'s in-process system serves the app (the default asks on
    /// the terminal and answers `.notDetermined` when there is none). Otherwise the server asks:
    /// the request waits until the user answers with `intents authorize APP grant` or `deny`,
    /// at most 5 minutes, then answers `.notDetermined`.
    nonisolated(unsafe) public static var askUser: (_ appName: String, _ usageDescription: String) -> INSiriAuthorizationStatus = terminalQuestion

    /// This app's status.
    public class func siriAuthorizationStatus() -> INSiriAuthorizationStatus {
        guard case .authorization(let status)? = try? IntentsAppContext.perform(.authorization, failing: .noAppAvailable) else {
            return .notDetermined
        }
        return INSiriAuthorizationStatus(rawValue: status.rawValue) ?? .notDetermined
    }

    /// Asks the user once; later calls answer the recorded decision. Failures (no
    /// `NSSiriUsageDescription`, no app bundle) are written to standard error and answer
    /// `.notDetermined`; `requestSiriAuthorizationOrThrow()` throws them.
    public class func requestSiriAuthorization(_ handler: @escaping (INSiriAuthorizationStatus) -> Void) {
        var status = INSiriAuthorizationStatus.notDetermined
        IntentsAppContext.logFailure("INPreferences") { status = try requestSiriAuthorizationOrThrow() }
        handler(status)
    }

    /// The `async` form of `requestSiriAuthorization(_:)`: asks once, then answers the recorded
    /// decision; failures are logged and answer `.notDetermined`.
    public class func requestSiriAuthorization() async -> INSiriAuthorizationStatus {
        await withCheckedContinuation { continuation in requestSiriAuthorization { continuation.resume(returning: $0) } }
    }

    /// What `requestSiriAuthorization(_:)` does, with its errors thrown.
    /// - Throws: `INIntentError` (`.missingInformation`) naming the plist without `NSSiriUsageDescription`.
    public class func requestSiriAuthorizationOrThrow() throws -> INSiriAuthorizationStatus {
        let app = try IntentsAppContext.app()
        guard let usage = app.siriUsageDescription, !usage.isEmpty else {
            throw INIntentError(.missingInformation, "\(app.path)/Info.plist has no NSSiriUsageDescription; an app must say why it wants Siri before asking.")
        }
        if IntentsAppContext.inProcessSystem == nil,
           case .authorization(.notDetermined)? = try? IntentsAppContext.perform(.authorization, failing: .missingInformation, app: app) {
            // The server asks the user, who answers with the CLI: say so where this app's user looks.
            FileHandle.standardError.write(Data("\"\(app.displayName)\" would like to use Siri. \(usage) Waiting for your answer (at most 5 minutes): intents authorize \(app.bundleIdentifier) grant, or deny.\n".utf8))
        }
        let call = SystemCall.requestAuthorization(displayName: app.displayName, usageDescription: usage)
        let result = try IntentsAppContext.perform(call, failing: .missingInformation, app: app) {
            SiriAuthorization(rawValue: askUser(app.displayName, usage).rawValue) ?? .notDetermined
        }
        guard case .authorization(let status) = result else { return .notDetermined }
        return INSiriAuthorizationStatus(rawValue: status.rawValue) ?? .notDetermined
    }

    private static func terminalQuestion(_ appName: String, _ usageDescription: String) -> INSiriAuthorizationStatus {
        guard isatty(0) == 1 else { return .notDetermined }
        FileHandle.standardError.write(Data("\"\(appName)\" would like to use Siri. \(usageDescription) Allow? [y/n] ".utf8))
        guard let answer = readLine()?.lowercased() else { return .notDetermined }
        return answer.hasPrefix("y") ? .authorized : .denied
    }
}
