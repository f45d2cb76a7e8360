import ExtensionProtocol
import Foundation
import SystemCalls

/// Which way an interaction went.
public enum INInteractionDirection: Int, Sendable {
    /// `unspecified`: not said (the default). `outgoing`: the user started it (a message they
    /// sent). `incoming`: it came to the user (a message received).
    case unspecified = 0, outgoing = 1, incoming = 2
}

/// Something the user did with the app, donated so that the system can suggest it again and
/// the user can attach a phrase to it.
///
/// Donations go to the system store in the host's state folder, through the server, at once and
/// durably. Each app keeps at most 1000 donations; past it, its oldest (by `dateInterval`, else
/// donation time) are evicted. Only app processes donate: inside an
/// extension `donate` fails with `interactionOperationNotSupported`.
open class INInteraction: NSObject {
    /// The request the user made, with the parameter values it was handled with.
    public let intent: INIntent
    /// The extension's final response; its code is stored with the donation. Nil when the app
    /// donates an intent before any extension handled it.
    public let intentResponse: INIntentResponse?
    /// How far handling got, derived from the response's code when the interaction is made
    /// (`.unspecified` without a response); setting it changes nothing stored.
    open var intentHandlingStatus: INIntentHandlingStatus
    /// Whether the user started the interaction or received it; kept in the process, not stored
    /// with the donation.
    open var direction: INInteractionDirection = .unspecified
    /// When it happened; the donation time when nil.
    open var dateInterval: DateInterval?
    /// Set it to delete this donation later with `delete(with:)`; a UUID string when nil.
    open var identifier: String?
    /// A label shared by related donations (one conversation's messages), so that
    /// `delete(with groupIdentifier:)` deletes them together; nil for none.
    open var groupIdentifier: String?

    /// Makes an interaction to donate; the response may be nil.
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.intentResponse = response
        self.intentHandlingStatus = response.map { Self.status(for: $0.codeCategory) } ?? .unspecified
        super.init()
    }

    /// Donates the interaction; `completion` gets nil or an `INIntentError` (`.donatingInteraction`,
    /// `.noAppAvailable`, or `.interactionOperationNotSupported` in an extension).
    open func donate(completion: (((any Error)?) -> Void)? = nil) {
        do {
            try donateNow()
            completion?(nil)
        } catch {
            completion?(error)
        }
    }

    /// Donates the interaction, throwing what `donate(completion:)` passes to its completion.
    /// - Throws: `INIntentError`: `.donatingInteraction` when the store refuses it,
    ///   `.noAppAvailable` when the process has no app bundle, `.interactionOperationNotSupported`
    ///   inside an extension.
    open func donate() async throws {
        try donateNow()
    }

    /// Deletes this app's donations with these identifiers.
    open class func delete(with identifiers: [String], completion: (((any Error)?) -> Void)? = nil) {
        report(completion, .deletingInteractionWithIdentifiers, .identifiers(identifiers))
    }

    /// Deletes this app's donations with this group identifier.
    open class func delete(with groupIdentifier: String, completion: (((any Error)?) -> Void)? = nil) {
        report(completion, .deletingInteractionWithGroupIdentifier, .groupIdentifier(groupIdentifier))
    }

    /// Deletes every interaction this app donated.
    open class func deleteAll(completion: (((any Error)?) -> Void)? = nil) {
        report(completion, .deletingAllInteractions, .all(.interaction))
    }

    func donateNow() throws {
        let app = try IntentsAppContext.app()
        let donation = Donation(identifier: identifier ?? UUID().uuidString, app: app.bundleIdentifier, kind: .interaction,
                                date: dateInterval?.start ?? Date(),
                                action: .intent(intent.payload, className: String(reflecting: type(of: intent))),
                                groupIdentifier: groupIdentifier, responseCode: intentResponse?.codeName,
                                suggestedInvocationPhrase: intent.suggestedInvocationPhrase)
        _ = try IntentsAppContext.perform(.donate(donation), failing: .donatingInteraction, app: app)
        identifier = donation.identifier
    }

    private class func report(_ completion: (((any Error)?) -> Void)?, _ code: INIntentError.Code,
                              _ selection: DonationSelection) {
        do {
            _ = try IntentsAppContext.perform(.deleteDonations(selection), failing: code)
            completion?(nil)
        } catch {
            completion?(error)
        }
    }

    private static func status(for category: ResponseCategory) -> INIntentHandlingStatus {
        switch category {
        case .unspecified: .unspecified
        case .ready: .ready
        case .inProgress: .inProgress
        case .success: .success
        case .failure, .failureRequiringAppLaunch: .failure
        case .continueInApp: .deferredToApplication
        case .userConfirmationRequired: .userConfirmationRequired
        }
    }
}
