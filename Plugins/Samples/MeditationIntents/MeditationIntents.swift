import AppIntents
import MeditationKit

/// The Meditation extension: App Intents only, so no principal class of its own (the SDK's
/// `INExtension` serves). Its plist names the types; the SDK finds them by name.
///
/// Referencing them here keeps MeditationKit's types, and their metadata, in this library.
public let meditationIntentTypes: [Any.Type] = [
    StartMeditationIntent.self, MeditationSession.self, MeditationSessionQuery.self, MeditationShortcuts.self,
]
