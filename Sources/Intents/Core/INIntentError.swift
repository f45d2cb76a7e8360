import Foundation

/// Errors of the Intents framework, with Apple's codes.
public struct INIntentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with the raw values of Apple's `INIntentErrorCode`; the SDK throws only
    /// some of them (each case says which calls do), the rest exist so that code switching over
    /// Apple's codes compiles.
    public enum Code: Int, Sendable {
        /// A call that belongs to the app was made from an extension process: donations, vocabulary,
        /// Siri authorization and shortcut suggestions are the app's alone.
        case interactionOperationNotSupported = 1900
        /// A donation or a suggestion could not be stored: `INInteraction.donate`,
        /// `NSUserActivity.becomeCurrent` (also for an activity type missing from the app's
        /// `NSUserActivityTypes`), `setShortcutSuggestions(_:)`, `setRelevantShortcuts(_:)`.
        case donatingInteraction = 1901
        /// `INInteraction.deleteAll(completion:)` could not delete the app's donations.
        case deletingAllInteractions = 1902
        /// `INInteraction.delete(with:completion:)`, given identifiers, could not delete them.
        case deletingInteractionWithIdentifiers = 1903
        /// `INInteraction.delete(with:completion:)`, given a group identifier, could not delete it.
        case deletingInteractionWithGroupIdentifier = 1904
        /// Apple's code for an intent that more than one extension of an app supports; never thrown by
        /// this SDK.
        case intentSupportedByMultipleExtension = 2001
        /// Apple's code for an `IntentsRestrictedWhileLocked` entry the extension does not support;
        /// this SDK never throws it (the host's bundle validation reports it).
        case restrictedIntentsNotSupportedByExtension = 2002
        /// Apple's code for an extension whose `handler(for:)` gave nothing; this SDK reports that to
        /// the host instead of throwing it.
        case noHandlerProvidedForIntent = 2003
        /// Apple's code for an intent name the system does not know; never thrown by this SDK.
        case invalidIntentName = 2004
        /// The process has no app bundle to act for: no `.app` folder holds its executable and
        /// `INTENTS_APP_BUNDLE` is not set, or the bundle's `Info.plist` is unreadable.
        case noAppAvailable = 2005
        /// Apple's code for a request the extension did not answer in time; the host, not this SDK,
        /// reports timeouts.
        case requestTimedOut = 3001
        /// `INPreferences.requestSiriAuthorization` was called by an app whose `Info.plist` has no
        /// `NSSiriUsageDescription`, or the decision could not be recorded.
        case missingInformation = 3002
        /// `INVocabulary` could not store or remove the app's vocabulary strings.
        case invalidUserVocabularyFileLocation = 4000
        /// Apple's code for an extension that did not start in time; the host reports this itself.
        case extensionLaunchingTimeout = 5000
        /// Apple's code for an extension that failed to start; the host reports this itself.
        case extensionBringUpFailed = 5001
        /// Apple's code for an image that could not be loaded; never thrown, since the host shows no images.
        case imageGeneric = 6000
        /// `updateAppShortcutParameters()` could not have the system read the app's App Shortcuts again.
        case noAppIntent = 10001
        /// Apple's code for a value that could not be encoded; never thrown by this SDK.
        case encodingGeneric = 8000
        /// A stored shortcut could not be rebuilt, usually because its intent class is not linked into
        /// the calling process (`INVoiceShortcutCenter`).
        case decodingGeneric = 9000
    }

    /// Which failure this is; switch over it rather than over `message`.
    public var code: Code
    /// One sentence for a person, naming the value at fault (the plist, the activity type, the
    /// intent class); its wording may change between releases.
    public var message: String

    /// Makes an error; the SDK's own calls make these, and tests of code that handles them may too.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The error's `message`, so that printing the error shows the sentence alone.
    public var description: String { message }
}
