extension SiriKitDomain {
    /// Every domain, in the order the SDK's classes are generated.
    public static let all: [SiriKitDomain] = [
        .common, .messaging, .calls, .listsAndNotes, .payments, .workouts, .media, .rides, .photos,
        .restaurants, .carCommands, .visualCodes,
    ]

    /// Every system intent the SDK generates, by class name.
    public static let intentsByName: [String: SystemIntent] = Dictionary(
        all.flatMap(\.intents).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The policy of every system intent the host knows, generated or not, by class name.
    public static let policies: [String: SystemIntentPolicy] = Dictionary(
        all.flatMap { $0.intents.map(\.policy) + $0.otherIntents }.map { ($0.name, $0) },
        uniquingKeysWith: { first, _ in first })
}
