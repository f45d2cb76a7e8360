/// The App Intents protocols the extractor recognizes, by name: a type conforms to one in its
/// declaration, in an extension, or through a protocol or class of the module that does.
enum AppIntentsProtocols {
    /// `AppIntent` and the protocols that refine it (Apple's documentation, 2026).
    static let intents: Set<String> = [
        "AppIntent", "SystemIntent", "OpenIntent", "DeleteIntent", "ForegroundContinuableIntent", "ProgressReportingIntent",
        "LongRunningIntent", "DeprecatedAppIntent", "CustomIntentMigratedAppIntent", "AudioPlaybackIntent",
        "AudioRecordingIntent", "AudioStartingIntent", "LiveActivityIntent", "SetValueIntent", "URLRepresentableIntent",
        "SnippetIntent", "PlayVideoIntent", "CameraCaptureIntent", "ShowInAppSearchResultsIntent", "StartWorkoutIntent",
        "PauseWorkoutIntent", "ResumeWorkoutIntent", "StartDiveIntent", "UndoableIntent", "PushToTalkTransmissionIntent",
        "TargetContentProvidingIntent", "UISceneAppIntent", "WidgetConfigurationIntent", "ControlConfigurationIntent",
        "PredictableIntent",
    ]
    /// `AppEntity` and the protocols that refine it.
    static let entities: Set<String> = [
        "AppEntity", "TransientAppEntity", "UniqueAppEntity", "IndexedEntity", "URLRepresentableEntity", "OwnershipProvidingEntity",
    ]
    static let transientEntities: Set<String> = ["TransientAppEntity"]
    static let uniqueEntities: Set<String> = ["UniqueAppEntity"]
    static let enums: Set<String> = ["AppEnum"]
    static let stringQueries: Set<String> = ["EntityStringQuery"]
    static let enumerableQueries: Set<String> = ["EnumerableEntityQuery"]
    static let shortcutsProviders: Set<String> = ["AppShortcutsProvider"]
}
