import Foundation

/// Apple Pay, as a payment method.
extension INPaymentMethod {
    /// Apple Pay as the payment method: type `.applePay`, with no name, hint or icon.
    public class func applePay() -> INPaymentMethod {
        INPaymentMethod(type: .applePay, name: nil, identificationHint: nil, icon: nil)
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
    /// Receives a newer status of the ride; never called by this host, which asks for no updates.
    func getRideStatusResponseDidUpdate(_ response: INGetRideStatusIntentResponse)
}

/// `successes(with:)` of the media item results: one success per item, each of the class it is
/// called on (`INPlayMediaMediaItemResolutionResult.successes(with:)`), as Apple's are.
public protocol INMediaItemSuccesses {}

extension INMediaItemSuccesses where Self: INMediaItemResolutionResult {
    /// One `success(with:)` result per item, in order, for a list parameter of media items; for
    /// no items, no results, which leaves the parameter as the user gave it.
    public static func successes(with resolvedMediaItems: [INMediaItem]) -> [Self] {
        resolvedMediaItems.map { success(with: $0) }
    }
}

extension INMediaItemResolutionResult: INMediaItemSuccesses {}
