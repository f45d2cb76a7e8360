import Foundation
import SystemCalls

/// Kinds of user vocabulary, numbered as Apple numbers them.
public enum INVocabularyStringType: Int, Sendable, CaseIterable {
    /// Names of the user's contacts in your app that Siri would not otherwise know.
    case contactName = 1
    /// Names of groups of contacts (a team, a chat group).
    case contactGroupName = 2
    /// Tags the user gave photos in your app.
    case photoTag = 100
    /// Names of the user's photo albums.
    case photoAlbumName = 101
    /// Names of workouts the user defined ("Hill sprints").
    case workoutActivityName = 200
    /// Names of the user's car profiles (seat and mirror settings).
    case carProfileName = 300
    /// Names the user gave their cars.
    case carName = 301
    /// Names of organizations the user pays.
    case paymentsOrganizationName = 400
    /// Nicknames of the user's payment accounts.
    case paymentsAccountNickname = 401
    /// Titles of the user's notes and tasks.
    case notebookItemTitle = 500
    /// Names of the user's note folders and task lists.
    case notebookItemGroupName = 501
    /// Titles of the user's playlists.
    case mediaPlaylistTitle = 700
    /// Names of artists in the user's library.
    case mediaMusicArtistName = 701
    /// Titles of the user's audiobooks.
    case mediaAudiobookTitle = 702
    /// Authors of the user's audiobooks.
    case mediaAudiobookAuthorName = 703
    /// Titles of shows the user follows.
    case mediaShowTitle = 704
}

/// Words specific to this user (contact names, playlist titles...) that `intents say` should
/// understand. Only the app sets them, never its extensions.
public final class INVocabulary: NSObject, @unchecked Sendable {
    /// Strings longer than this many bytes of UTF-16 are dropped, as on Apple's systems.
    public static let maximumStringLength = 1024

    private static let instance = INVocabulary()

    /// The one vocabulary object of the process; its strings belong to the process's app, found as
    /// `IntentsAppContext` describes.
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
