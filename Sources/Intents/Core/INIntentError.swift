import Foundation

/// Errors of the Intents framework, with Apple's codes.
public struct INIntentError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Int, Sendable {
        case interactionOperationNotSupported = 1900
        case donatingInteraction = 1901
        case deletingAllInteractions = 1902
        case deletingInteractionWithIdentifiers = 1903
        case deletingInteractionWithGroupIdentifier = 1904
        case intentSupportedByMultipleExtension = 2001
        case restrictedIntentsNotSupportedByExtension = 2002
        case noHandlerProvidedForIntent = 2003
        case invalidIntentName = 2004
        case noAppAvailable = 2005
        case requestTimedOut = 3001
        case missingInformation = 3002
        case invalidUserVocabularyFileLocation = 4000
        case extensionLaunchingTimeout = 5000
        case extensionBringUpFailed = 5001
        case imageGeneric = 6000
        case noAppIntent = 10001
        case encodingGeneric = 8000
        case decodingGeneric = 9000
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
