import HostPolicy
import SiriKitDomains

/// The lock-state rules: what an extension's plist restricts while locked, against what the
/// host restricts anyway and what a user would expect to stay private.
extension Linter {
    /// The messaging and calls intents, from the SiriKit domain data: they read or send the
    /// user's conversations, so an author most likely means them restricted while locked.
    static let conversationIntents: Set<String> = Set([SiriKitDomain.messaging, SiriKitDomain.calls].flatMap { domain in
        domain.intents.map(\.name) + domain.otherIntents.map(\.name)
    })

    static let attributes = "NSExtension > NSExtensionAttributes > "

    /// `always-restricted-not-listed`, `messaging-not-restricted` and `protected-data-not-locked`.
    func lockFindings() -> [LintFinding] {
        catalog.extensions.flatMap { bundle -> [LintFinding] in
            let plist = bundle.path + "/Info.plist"
            let locked = Set(bundle.restrictedWhileLocked)
            var findings: [LintFinding] = []
            for intent in bundle.intentsSupported where !locked.contains(intent) {
                if LockPolicy.alwaysRestricted.contains(intent) {
                    findings.append(LintFinding(.alwaysRestrictedNotListed, path: plist, key: Self.attributes + "IntentsRestrictedWhileLocked",
                        "In \(plist), IntentsRestrictedWhileLocked does not list \(intent), which the host restricts while the device is locked anyway; list it to say so."))
                }
                if Self.conversationIntents.contains(intent) {
                    findings.append(LintFinding(.messagingNotRestricted, path: plist, key: Self.attributes + "IntentsRestrictedWhileLocked",
                        "In \(plist), IntentsSupported lists \(intent), a messaging or calls intent, but IntentsRestrictedWhileLocked does not, so it runs while the device is locked; list it there unless anyone holding the device may use it."))
                }
            }
            for intent in bundle.restrictedWhileProtectedDataUnavailable
            where !locked.contains(intent) && !LockPolicy.alwaysRestricted.contains(intent) {
                findings.append(LintFinding(.protectedDataNotLocked, path: plist, key: Self.attributes + "IntentsRestrictedWhileProtectedDataUnavailable",
                    "In \(plist), IntentsRestrictedWhileProtectedDataUnavailable lists \(intent) but IntentsRestrictedWhileLocked does not, so it runs while the device is locked once it was first unlocked; list it in IntentsRestrictedWhileLocked too."))
            }
            return findings
        }
    }
}
