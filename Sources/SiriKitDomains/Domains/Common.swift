extension SiriKitDomain {
    /// Types several domains share: date ranges, and the triggers of reminders.
    public static let common = SiriKitDomain(
        name: "Common types",
        intents: [],
        enums: [
            SystemEnum("INSpatialEvent", "Whether a reminder fires on arriving or on leaving.",
                       cases: ["unknown", "arrive", "depart"],
                       summaries: [
                           "arrive": "The reminder fires when the user arrives at the place.",
                           "depart": "The reminder fires when the user leaves the place.",
                       ]),
        ],
        types: [
            SystemType(
                "INDateComponentsRange", "A span of time: its start and end, either of which may be open.",
                properties: [
                    SystemProperty("startDateComponents", "DateComponents"),
                    SystemProperty("endDateComponents", "DateComponents"),
                ]),
            SystemType(
                "INSpatialEventTrigger", "A reminder's place, and whether it fires on arriving or on leaving.",
                properties: [
                    SystemProperty("placemark", "CLPlacemark", required: true),
                    SystemProperty("event", "INSpatialEvent", required: true),
                ]),
            SystemType(
                "INTemporalEventTrigger", "A reminder's time.",
                properties: [
                    SystemProperty("dateComponentsRange", "INDateComponentsRange", required: true),
                ],
                initializerLabels: [:]),
        ])
}
