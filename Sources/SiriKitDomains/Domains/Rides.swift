extension SiriKitDomain {
    /// Booking a ride, listing the ride options between two places, and following the ride's status.
    public static let rides = SiriKitDomain(
        name: "Ride booking",
        intents: [
            SystemIntent(
                "INRequestRideIntent", "Books a ride from a pickup location to a drop-off location.",
                parameters: [
                    SystemParameter("pickupLocation", "CLPlacemark", title: "pickup location", defaultValue: "nil"),
                    SystemParameter("dropOffLocation", "CLPlacemark", title: "drop-off location", defaultValue: "nil"),
                    SystemParameter("rideOptionName", "INSpeakableString", title: "ride option", defaultValue: "nil"),
                    SystemParameter("partySize", "Int", title: "party size", defaultValue: "nil"),
                    SystemParameter("paymentMethod", "INPaymentMethod", defaultValue: "nil", resolves: false),
                    SystemParameter("scheduledPickupTime", "INDateComponentsRange", title: "pickup time", defaultValue: "nil"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureRequiringAppLaunchMustVerifyCredentials",
                                "failureRequiringAppLaunchNoServiceInArea",
                                "failureRequiringAppLaunchServiceTemporarilyUnavailable",
                                "failureRequiringAppLaunchPreviousRideNeedsCompletion",
                                "failureRequiringAppLaunchRideScheduledTooFar"],
                outputs: [SystemProperty("rideStatus", "INRideStatus")],
                alwaysRestrictedWhileLocked: true,
                confirmationPrompt: "Ready to book the ride?"),
            SystemIntent(
                "INGetRideStatusIntent", "Gets the status of the user's current ride.",
                parameters: [],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureRequiringAppLaunchMustVerifyCredentials",
                                "failureRequiringAppLaunchServiceTemporarilyUnavailable"],
                outputs: [SystemProperty("rideStatus", "INRideStatus")],
                otherRequirements: [
                    ("func startSendingUpdates(for intent: INGetRideStatusIntent, to observer: any INGetRideStatusIntentResponseObserver)", "",
                     "Starts sending the ride's status to `observer` as it changes. This host asks for no updates: it never calls this method, and the conversation ends with the `handle` response."),
                    ("func stopSendingUpdates(for intent: INGetRideStatusIntent)", "",
                     "Stops the updates `startSendingUpdates(for:to:)` started. This host never calls it, as it asks for no updates."),
                ]),
            SystemIntent(
                "INListRideOptionsIntent", "Lists the rides available between a pickup and a drop-off location.",
                parameters: [
                    SystemParameter("pickupLocation", "CLPlacemark", title: "pickup location"),
                    SystemParameter("dropOffLocation", "CLPlacemark", title: "drop-off location"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureRequiringAppLaunchMustVerifyCredentials",
                                "failureRequiringAppLaunchNoServiceInArea",
                                "failureRequiringAppLaunchServiceTemporarilyUnavailable",
                                "failureRequiringAppLaunchPreviousRideNeedsCompletion",
                                "failurePreviousRideNeedsFeedback"],
                outputs: [
                    SystemProperty("rideOptions", "INRideOption", list: true),
                    SystemProperty("paymentMethods", "INPaymentMethod", list: true),
                    SystemProperty("expirationDate", "Date"),
                ]),
        ],
        enums: [
            SystemEnum("INRidePhase", "Where a ride is: received, confirmed, approaching pickup, ongoing, completed...",
                       cases: ["unknown", "received", "confirmed", "ongoing", "completed", "approachingPickup", "pickup"],
                       summaries: [
                           "received": "The service received the booking and is processing it; no driver has been told yet.",
                           "confirmed": "The ride is booked and the driver has the pickup details.",
                           "ongoing": "The driver picked up the party and is on the way to the destination.",
                           "completed": "The ride reached its destination, or ended.",
                           "approachingPickup": "The driver is on the way to the pickup location.",
                           "pickup": "The driver is at the pickup location.",
                       ],
                       hasResolutionResult: false),
        ],
        types: [
            SystemType(
                "INRideOption", "A kind of ride the service offers, and when it could pick the user up.",
                properties: [
                    SystemProperty("name", "String", required: true),
                    SystemProperty("estimatedPickupDate", "Date", required: true),
                    SystemProperty("usesMeteredFare", "Bool", defaultValue: "nil"),
                    SystemProperty("disclaimerMessage", "String", defaultValue: "nil"),
                    SystemProperty("availablePartySizeOptionsSelectionPrompt", "String", defaultValue: "nil"),
                    SystemProperty("specialPricing", "String", defaultValue: "nil"),
                ],
                displayProperty: "name", hasResolutionResult: false, isMutable: true),
            SystemType(
                "INRideStatus", "A booked ride: its phase, pickup and drop-off, times and ride option.",
                properties: [
                    SystemProperty("rideIdentifier", "String", defaultValue: "nil"),
                    SystemProperty("phase", "INRidePhase", required: true, defaultValue: ".unknown"),
                    SystemProperty("estimatedPickupDate", "Date", defaultValue: "nil"),
                    SystemProperty("estimatedDropOffDate", "Date", defaultValue: "nil"),
                    SystemProperty("estimatedPickupEndDate", "Date", defaultValue: "nil"),
                    SystemProperty("scheduledPickupTime", "INDateComponentsRange", defaultValue: "nil"),
                    SystemProperty("pickupLocation", "CLPlacemark", defaultValue: "nil"),
                    SystemProperty("waypoints", "CLPlacemark", list: true, defaultValue: "nil"),
                    SystemProperty("dropOffLocation", "CLPlacemark", defaultValue: "nil"),
                    SystemProperty("rideOption", "INRideOption", defaultValue: "nil"),
                ],
                hasResolutionResult: false, isMutable: true),
        ],
        otherIntents: [
            SystemIntentPolicy("INSendRideFeedbackIntent", alwaysRestrictedWhileLocked: true),
        ])
}
