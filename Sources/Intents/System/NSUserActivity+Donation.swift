import ExtensionProtocol
import Foundation
import SystemCalls

extension NSUserActivity {
    /// Makes this the current activity; when it is eligible for prediction it is donated, so
    /// that the system can suggest it and the user can attach a phrase to it. A failure (an
    /// activity type the app's `NSUserActivityTypes` does not declare, no app bundle) is
    /// written to standard error, as Apple's systems log it; `donateForPrediction()` throws it.
    public func becomeCurrent() {
        guard isEligibleForPrediction else { return }
        IntentsAppContext.logFailure("NSUserActivity \(activityType)") { try donateForPrediction() }
    }

    /// Donates this activity now (what `becomeCurrent()` does when eligible for prediction).
    /// - Throws: `INIntentError` (`.donatingInteraction`) naming the activity type and the
    ///   types the app declares; `.noAppAvailable`.
    public func donateForPrediction() throws {
        let app = try IntentsAppContext.app()
        guard app.userActivityTypes.contains(activityType) else {
            let declared = app.userActivityTypes.isEmpty ? "none" : app.userActivityTypes.joined(separator: ", ")
            throw INIntentError(.donatingInteraction, "The activity type \"\(activityType)\" is not in NSUserActivityTypes of \(app.path)/Info.plist (declared: \(declared)).")
        }
        let donation = Donation(app: app.bundleIdentifier, kind: .userActivity, action: .userActivity(storedPayload),
                                persistentIdentifier: persistentIdentifier, suggestedInvocationPhrase: suggestedInvocationPhrase)
        _ = try IntentsAppContext.perform(.donate(donation), failing: .donatingInteraction, app: app)
    }

    /// Deletes this app's saved activities with these persistent identifiers.
    public class func deleteSavedUserActivities(withPersistentIdentifiers persistentIdentifiers: [String],
                                              completionHandler: @escaping () -> Void = {}) {
        deleteSaved(.persistentIdentifiers(persistentIdentifiers))
        completionHandler()
    }

    /// Deletes every activity this app saved.
    public class func deleteAllSavedUserActivities(completionHandler: @escaping () -> Void = {}) {
        deleteSaved(.all(.userActivity))
        completionHandler()
    }

    private class func deleteSaved(_ selection: DonationSelection) {
        IntentsAppContext.logFailure("NSUserActivity") {
            _ = try IntentsAppContext.perform(.deleteDonations(selection), failing: .deletingAllInteractions)
        }
    }
}
