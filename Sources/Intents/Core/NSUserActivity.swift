import Foundation
import ExtensionProtocol

/// A minimal user activity: what an intent response hands to the app.
///
/// Foundation on Linux has no `NSUserActivity`; this one carries what crosses to the host.
open class NSUserActivity: NSObject {
    public let activityType: String
    open var title: String?
    /// Values must be intent values (strings, numbers, booleans, people, objects...).
    open var userInfo: [AnyHashable: Any]?
    /// The `userInfo` keys that are the minimal information to store for later restoration.
    /// When set, an activity stored for later (a donation, a shortcut) keeps only these keys of
    /// `userInfo`; one handed to the app at once (a response's) keeps them all.
    open var requiredUserInfoKeys: Set<String>?
    open var isEligibleForSearch = false
    open var isEligibleForPrediction = false
    open var persistentIdentifier: String?
    open var suggestedInvocationPhrase: String?

    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }

    /// Adds entries to `userInfo`, replacing those with the same keys.
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var merged = userInfo ?? [:]
        for (key, value) in otherDictionary { merged[key] = value }
        userInfo = merged
    }

    /// What crosses to the host: every `userInfo` entry.
    var payload: UserActivityPayload { payload(keeping: nil) }

    /// What the system stores for later restoration: the required keys only, when they are set.
    var storedPayload: UserActivityPayload { payload(keeping: requiredUserInfoKeys) }

    private func payload(keeping keys: Set<String>?) -> UserActivityPayload {
        var info: [String: IntentValue] = [:]
        for (key, value) in userInfo ?? [:] {
            if let keys, !keys.contains(String(describing: key)) { continue }
            if let convertible = value as? any IntentValueConvertible {
                info[String(describing: key)] = convertible.intentValue
            } else {
                info[String(describing: key)] = .string(String(describing: value))
            }
        }
        return UserActivityPayload(activityType: activityType, title: title, userInfo: info)
    }
}
