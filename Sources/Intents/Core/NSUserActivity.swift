import Foundation
import ExtensionProtocol

/// A minimal user activity: what an intent response hands to the app.
///
/// Foundation on Linux has no `NSUserActivity`; this one carries what crosses to the host.
open class NSUserActivity: NSObject {
    /// The activity's type, in reverse-DNS form (`com.example.pizza.order`). An app donating it
    /// with `becomeCurrent()` must list it in its `Info.plist`'s `NSUserActivityTypes`; a response's
    /// default activity uses the intent's name.
    public let activityType: String
    /// What the user sees for the activity in suggestions and shortcut lists.
    open var title: String?
    /// Values must be intent values (strings, numbers, booleans, people, objects...).
    open var userInfo: [AnyHashable: Any]?
    /// The `userInfo` keys that are the minimal information to store for later restoration.
    /// When set, an activity stored for later (a donation, a shortcut) keeps only these keys of
    /// `userInfo`; one handed to the app at once (a response's) keeps them all.
    open var requiredUserInfoKeys: Set<String>?
    /// Whether Apple's systems may index the activity for Spotlight; kept so that such code
    /// compiles, and unused here, where the host has no search index.
    open var isEligibleForSearch = false
    /// Whether `becomeCurrent()` donates the activity, so that the user can add a phrase to it and
    /// `intents suggestions` may offer it; false by default, as on Apple's systems.
    open var isEligibleForPrediction = false
    /// Your identifier for the donated activity, which
    /// `deleteSavedUserActivities(withPersistentIdentifiers:)` deletes by; nil for none.
    open var persistentIdentifier: String?
    /// The phrase to suggest when the user records a voice shortcut for the activity.
    open var suggestedInvocationPhrase: String?

    /// Makes an activity of `activityType` with no title and no user info, eligible for nothing.
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

    /// An activity rebuilt from its wire form: `userInfo` values come back in their plain form
    /// (strings, numbers, booleans, arrays, dictionaries for people and objects).
    convenience init(payload: UserActivityPayload) {
        self.init(activityType: payload.activityType)
        title = payload.title
        userInfo = payload.userInfo.isEmpty ? nil : Dictionary(uniqueKeysWithValues: payload.userInfo.map { ($0.key, $0.value.plainValue) })
    }

    /// A new activity with the same properties (the `userInfo` dictionary is copied, its values
    /// are shared): what a copied response carries.
    func duplicate() -> NSUserActivity {
        let copy = NSUserActivity(activityType: activityType)
        copy.title = title
        copy.userInfo = userInfo
        copy.requiredUserInfoKeys = requiredUserInfoKeys
        copy.isEligibleForSearch = isEligibleForSearch
        copy.isEligibleForPrediction = isEligibleForPrediction
        copy.persistentIdentifier = persistentIdentifier
        copy.suggestedInvocationPhrase = suggestedInvocationPhrase
        return copy
    }

    /// What crosses to the host: every `userInfo` entry.
    var payload: UserActivityPayload { payload(keeping: nil) }

    /// What the system stores for later restoration: the required keys only, when they are set.
    var storedPayload: UserActivityPayload { payload(keeping: requiredUserInfoKeys) }

    private func payload(keeping keys: Set<String>?) -> UserActivityPayload {
        var info: [String: IntentValue] = [:]
        for (key, value) in userInfo ?? [:] {
            if let keys, !keys.contains(String(describing: key)) { continue }
            if let convertible = value as? any IntentValueCodable {
                info[String(describing: key)] = convertible.intentValue
            } else {
                info[String(describing: key)] = .string(String(describing: value))
            }
        }
        return UserActivityPayload(activityType: activityType, title: title, userInfo: info)
    }
}
