import Foundation

/// Apple builds media destinations with class methods rather than an initializer.
extension INMediaDestination {
    /// The user's library.
    public class func libraryDestination() -> INMediaDestination {
        INMediaDestination(mediaDestinationType: .library, playlistName: nil)
    }

    /// The playlist called `playlistName`.
    public class func playlistDestination(named playlistName: String) -> INMediaDestination {
        INMediaDestination(mediaDestinationType: .playlist, playlistName: playlistName)
    }
}

/// Text content of a note. Apple has `INTextNoteContent` and `INImageNoteContent` as subclasses
/// of `INNoteContent`; this SDK carries text only, so the text kind is the content type itself.
public typealias INTextNoteContent = INNoteContent

/// Receives a ride's status as it changes, after `startSendingUpdates(for:to:)`.
///
/// The host asks for no updates yet: a handler's `startSendingUpdates` is never called, and the
/// conversation ends with the `handle` response.
public protocol INGetRideStatusIntentResponseObserver: NSObjectProtocol {
    func getRideStatusResponseDidUpdate(_ response: INGetRideStatusIntentResponse)
}
