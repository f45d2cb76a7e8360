/// Decides, before any extension code runs, whether an intent may run in a lock state.
public enum LockPolicy {
    /// Intents Apple restricts while locked whatever the extension's plist says.
    public static let alwaysRestricted: Set<String> = [
        "INSendPaymentIntent", "INRequestPaymentIntent", "INTransferMoneyIntent", "INSearchForBillsIntent",
        "INRequestRideIntent", "INSendRideFeedbackIntent",
        "INBookRestaurantReservationIntent", "INGetAvailableRestaurantReservationBookingDefaultsIntent",
        "INSearchForPhotosIntent", "INStartPhotoPlaybackIntent",
        "INStartWorkoutIntent", "INResumeWorkoutIntent",
        "INSetSeatSettingsInCarIntent",
    ]

    /// Why `intent` is refused in `state`, or nil when it may run.
    public static func refusal(for intent: String, by bundle: ExtensionBundle, in state: LockState) -> String? {
        switch state {
        case .unlocked:
            return nil
        case .locked, .lockedBeforeFirstUnlock:
            if alwaysRestricted.contains(intent) {
                return "\(intent) is always restricted while the device is locked; unlock it first."
            }
            if bundle.restrictedWhileLocked.contains(intent) {
                return "\(intent) is restricted while locked by \(bundle.bundleIdentifier) (IntentsRestrictedWhileLocked); unlock the device first."
            }
            if state == .lockedBeforeFirstUnlock && bundle.restrictedWhileProtectedDataUnavailable.contains(intent) {
                return "\(intent) needs protected data, unavailable until the first unlock, per \(bundle.bundleIdentifier) (IntentsRestrictedWhileProtectedDataUnavailable); unlock the device first."
            }
            return nil
        }
    }
}
