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

    var payload: UserActivityPayload {
        var info: [String: IntentValue] = [:]
        for (key, value) in userInfo ?? [:] {
            if let convertible = value as? any IntentValueConvertible {
                info[String(describing: key)] = convertible.intentValue
            } else {
                info[String(describing: key)] = .string(String(describing: value))
            }
        }
        return UserActivityPayload(activityType: activityType, title: title, userInfo: info)
    }
}
