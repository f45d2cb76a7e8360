import HostBundles
import SiriKitDomains
import SystemCalls
import SystemStore

/// Decides, before any extension code runs, whether an app may handle a SiriKit domain intent:
/// only once the user authorized it (`INPreferences.requestSiriAuthorization`, or
/// `intents authorize`). Custom intents and intents run from a shortcut are not gated, as on
/// Apple's systems.
public enum AuthorizationPolicy {
    /// SiriKit's domain intents (messaging, calls, lists and notes, payments, workouts, media, ride
    /// booking, photos, restaurants, car commands, visual codes), from the SiriKit domain data.
    public static let domainIntents: Set<String> = Set(SiriKitDomain.policies.values.filter(\.requiresAuthorization).map(\.name))

    /// Why `intent` of `app` is refused with `status`, or nil when it may run.
    public static func refusal(for intent: String, app: AppBundle?, status: SiriAuthorization) -> String? {
        restriction(of: intent, app: app, status: status)?.message
    }

    /// The refusal of `intent` of `app` with `status` (rule `.notAuthorized`), or nil.
    public static func restriction(of intent: String, app: AppBundle?, status: SiriAuthorization) -> PolicyRefusal? {
        guard domainIntents.contains(intent), status != .authorized else { return nil }
        let name = app?.displayName ?? "The app"
        let how = app?.siriUsageDescription == nil
            ? "its Info.plist has no NSSiriUsageDescription, so it cannot ask"
            : "the app asks with INPreferences.requestSiriAuthorization, or run `intents authorize \(name) grant`"
        return PolicyRefusal(.notAuthorized, "\(name) is not authorized to use Siri for \(intent) (authorization: \(status.name)); \(how).")
    }
}
