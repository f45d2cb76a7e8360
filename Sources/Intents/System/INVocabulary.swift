import Foundation
import SystemStore

/// Kinds of user vocabulary, numbered as Apple numbers them.
public enum INVocabularyStringType: Int, Sendable, CaseIterable {
    case contactName = 1
    case contactGroupName = 2
    case photoTag = 100
    case photoAlbumName = 101
    case workoutActivityName = 200
    case carProfileName = 300
    case carName = 301
    case paymentsOrganizationName = 400
    case paymentsAccountNickname = 401
    case notebookItemTitle = 500
    case notebookItemGroupName = 501
    case mediaPlaylistTitle = 700
    case mediaMusicArtistName = 701
    case mediaAudiobookTitle = 702
    case mediaAudiobookAuthorName = 703
    case mediaShowTitle = 704
}

/// Words specific to this user (contact names, playlist titles...) that `intents say` should
/// understand. Only the app sets them, never its extensions.
public final class INVocabulary: NSObject, @unchecked Sendable {
    /// Strings longer than this many bytes of UTF-16 are dropped, as on Apple's systems.
    public static let maximumStringLength = 1024

    private static let instance = INVocabulary()

    public class func shared() -> INVocabulary { instance }

    /// Replaces this app's strings of `type`, most important first. Failures (called from an
    /// extension, no app bundle) are written to standard error, as Apple's systems log them;
    /// `replaceVocabularyStrings(_:of:)` throws them.
    public func setVocabularyStrings(_ vocabulary: NSOrderedSet, of type: INVocabularyStringType) {
        IntentsAppContext.logFailure("INVocabulary") {
            try replaceVocabularyStrings(vocabulary.array.compactMap { $0 as? String }, of: type)
        }
    }

    /// Removes every string this app set.
    public func removeAllVocabularyStrings() {
        IntentsAppContext.logFailure("INVocabulary") {
            _ = try IntentsAppContext.perform(.removeAllVocabulary, failing: .invalidUserVocabularyFileLocation)
        }
    }

    /// What `setVocabularyStrings(_:of:)` does, with its errors thrown: duplicates keep their
    /// first place; strings over `maximumStringLength` UTF-16 bytes are dropped.
    /// - Returns: the strings kept.
    @discardableResult
    public func replaceVocabularyStrings(_ strings: [String], of type: INVocabularyStringType) throws -> [String] {
        var kept: [String] = []
        for string in strings where string.utf16.count * 2 <= Self.maximumStringLength && !kept.contains(string) {
            kept.append(string)
        }
        _ = try IntentsAppContext.perform(.setVocabulary(kept, type: type.rawValue), failing: .invalidUserVocabularyFileLocation)
        return kept
    }
}
