import ExtensionProtocol
import HostBundles
import SiriKitDomains

/// Decides, before any extension code runs, whether an intent may run in a lock state (and
/// whether an app may be started to continue an activity).
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
        restriction(of: intent, by: bundle, in: reading).map(\.message)
    }

    /// Why the App Intent `schema` of `bundle` is refused in the lock state `reading` gives, or
    /// nil: its `authenticationPolicy` other than `.alwaysAllowed` needs the device unlocked.
    public static func refusal(forAppIntent schema: AppIntentSchema, by bundle: ExtensionBundle, in reading: LockReading) -> String? {
        restriction(ofAppIntent: schema, by: bundle, in: reading).map(\.message)
    }

    /// The rule that refuses the App Intent `schema` in the lock state `reading` gives, or nil.
    public static func restriction(ofAppIntent schema: AppIntentSchema, by bundle: ExtensionBundle, in reading: LockReading) -> PolicyRefusal? {
        guard reading.state != .unlocked, schema.authenticationPolicy != .alwaysAllowed else { return nil }
        return refusal(.authenticationPolicy, "\(schema.name) requires authentication while the device is locked (authenticationPolicy .\(schema.authenticationPolicy.rawValue) of \(bundle.bundleIdentifier))", reading)
    }

    /// The rule that refuses an App Intent of `bundle` whose metadata is not known yet, in the
    /// lock state `reading` gives, or nil: learning it runs the extension, only when unlocked.
    public static func restriction(ofUnknownAppIntentsOf bundle: ExtensionBundle, in reading: LockReading) -> PolicyRefusal? {
        guard reading.state != .unlocked else { return nil }
        return refusal(.appIntentsUnknown, "The App Intents of \(bundle.bundleIdentifier) are not known yet: they are learned by running the extension, which waits until the device is unlocked", reading)
    }

    /// The rule that refuses running `bundle`'s query of `entityType` outside a conversation in
    /// the lock state `reading` gives, or nil: only while unlocked.
    public static func restriction(ofEntityQuery entityType: String, by bundle: ExtensionBundle, in reading: LockReading) -> PolicyRefusal? {
        guard reading.state != .unlocked else { return nil }
        return refusal(.entityQueryWhileLocked, "The \(entityType) values of \(bundle.bundleIdentifier)'s App Shortcuts are asked of the extension only while the device is unlocked", reading)
    }

    /// The rule that refuses continuing the user activity `activityType` of `app` in the lock
    /// state `reading` gives, or nil: continuing it opens the app, which needs the device unlocked.
    public static func restriction(ofContinuing activityType: String, by app: AppBundle, in reading: LockReading) -> PolicyRefusal? {
        guard reading.state != .unlocked else { return nil }
        return refusal(.opensAppWhileLocked, "Continuing \(activityType.quotedForDisplay) opens \(app.displayName.quotedForDisplay) (\(app.bundleIdentifier)), which needs the device unlocked", reading)
    }

    /// The rule that refuses `intent` in the lock state `reading` gives, or nil.
    public static func restriction(of intent: String, by bundle: ExtensionBundle, in reading: LockReading) -> PolicyRefusal? {
        switch reading.state {
        case .unlocked:
            return nil
        case .locked, .lockedBeforeFirstUnlock:
            if alwaysRestricted.contains(intent) {
                return refusal(.alwaysRestricted, "\(intent) is always restricted while the device is locked", reading)
            }
            if bundle.restrictedWhileLocked.contains(intent) {
                return refusal(.restrictedWhileLocked, "\(intent) is restricted while locked by \(bundle.bundleIdentifier) (IntentsRestrictedWhileLocked)", reading)
            }
            if reading.state == .lockedBeforeFirstUnlock && bundle.restrictedWhileProtectedDataUnavailable.contains(intent) {
                return refusal(.restrictedWhileProtectedDataUnavailable, "\(intent) needs protected data, unavailable until the first unlock, per \(bundle.bundleIdentifier) (IntentsRestrictedWhileProtectedDataUnavailable)", reading)
            }
            return nil
        }
    }

    /// The rule's clause made a sentence: when the stored state could not be read, it says so.
    private static func refusal(_ rule: PolicyRule, _ clause: String, _ reading: LockReading) -> PolicyRefusal {
        guard let problem = reading.problem else { return PolicyRefusal(rule, clause + "; unlock the device first.") }
        return PolicyRefusal(rule, clause + ", and the device counts as locked because " + problem + "; fix or remove it, then run `intents unlock`.")
    }
}
