import ExtensionProtocol
import SiriKitDomains

/// Decides, before any extension code runs, whether an intent may run in a lock state.
public enum LockPolicy {
    /// Intents Apple restricts while locked whatever the extension's plist says, from the
    /// SiriKit domain data (`alwaysRestrictedWhileLocked`).
    public static let alwaysRestricted: Set<String> = Set(SiriKitDomain.policies.values.filter(\.alwaysRestrictedWhileLocked).map(\.name))

    /// Why `intent` is refused in `state`, or nil when it may run.
    public static func refusal(for intent: String, by bundle: ExtensionBundle, in state: LockState) -> String? {
        refusal(for: intent, by: bundle, in: LockReading(state: state))
    }

    /// Why `intent` is refused in the lock state `reading` gives, or nil when it may run. When
    /// the stored state could not be read, the refusal says so: the device counts as locked.
    public static func refusal(for intent: String, by bundle: ExtensionBundle, in reading: LockReading) -> String? {
        refusal(because: restriction(of: intent, by: bundle, in: reading.state), reading)
    }

    /// Why the App Intent `schema` of `bundle` is refused in the lock state `reading` gives, or
    /// nil: its `authenticationPolicy` other than `.alwaysAllowed` needs the device unlocked.
    public static func refusal(forAppIntent schema: AppIntentSchema, by bundle: ExtensionBundle, in reading: LockReading) -> String? {
        refusal(because: restriction(ofAppIntent: schema, by: bundle, in: reading.state), reading)
    }

    /// The rule that restricts an App Intent in `state`, as a clause, or nil.
    public static func restriction(ofAppIntent schema: AppIntentSchema, by bundle: ExtensionBundle, in state: LockState) -> String? {
        guard state != .unlocked, schema.authenticationPolicy != .alwaysAllowed else { return nil }
        return "\(schema.name) requires authentication while the device is locked (authenticationPolicy .\(schema.authenticationPolicy.rawValue) of \(bundle.bundleIdentifier))"
    }

    private static func refusal(because rule: String?, _ reading: LockReading) -> String? {
        guard let rule else { return nil }
        guard let problem = reading.problem else { return rule + "; unlock the device first." }
        return rule + ", and the device counts as locked because " + problem + "; fix or remove it, then run `intents unlock`."
    }

    /// The rule that restricts `intent` in `state`, as a clause, or nil.
    private static func restriction(of intent: String, by bundle: ExtensionBundle, in state: LockState) -> String? {
        switch state {
        case .unlocked:
            return nil
        case .locked, .lockedBeforeFirstUnlock:
            if alwaysRestricted.contains(intent) {
                return "\(intent) is always restricted while the device is locked"
            }
            if bundle.restrictedWhileLocked.contains(intent) {
                return "\(intent) is restricted while locked by \(bundle.bundleIdentifier) (IntentsRestrictedWhileLocked)"
            }
            if state == .lockedBeforeFirstUnlock && bundle.restrictedWhileProtectedDataUnavailable.contains(intent) {
                return "\(intent) needs protected data, unavailable until the first unlock, per \(bundle.bundleIdentifier) (IntentsRestrictedWhileProtectedDataUnavailable)"
            }
            return nil
        }
    }
}
