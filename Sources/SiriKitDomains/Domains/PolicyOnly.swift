extension SiriKitDomain {
    /// Restaurant reservations: known to the host's policies; the SDK has no classes for them yet.
    public static let restaurants = SiriKitDomain(
        name: "Restaurants", intents: [],
        otherIntents: [
            SystemIntentPolicy("INBookRestaurantReservationIntent", alwaysRestrictedWhileLocked: true,
                               confirmationPrompt: "Ready to book the table?"),
            SystemIntentPolicy("INGetAvailableRestaurantReservationBookingDefaultsIntent", alwaysRestrictedWhileLocked: true),
            SystemIntentPolicy("INGetAvailableRestaurantReservationBookingsIntent"),
            SystemIntentPolicy("INGetUserCurrentRestaurantReservationBookingsIntent"),
            SystemIntentPolicy("INGetReservationDetailsIntent"),
        ])

    /// Car commands: known to the host's policies; the SDK has no classes for them yet.
    public static let carCommands = SiriKitDomain(
        name: "Car commands", intents: [],
        otherIntents: [
            SystemIntentPolicy("INSetSeatSettingsInCarIntent", alwaysRestrictedWhileLocked: true),
        ] + [
            "INActivateCarSignalIntent", "INGetCarLockStatusIntent", "INSetCarLockStatusIntent", "INGetCarPowerLevelStatusIntent",
            "INSaveProfileInCarIntent", "INSetProfileInCarIntent", "INSetAudioSourceInCarIntent", "INSetClimateSettingsInCarIntent",
            "INSetDefrosterSettingsInCarIntent", "INSetRadioStationIntent",
        ].map { SystemIntentPolicy($0) })

    /// Visual codes: known to the host's policies; the SDK has no classes for them yet.
    public static let visualCodes = SiriKitDomain(
        name: "Visual codes", intents: [], otherIntents: [SystemIntentPolicy("INGetVisualCodeIntent")])
}
