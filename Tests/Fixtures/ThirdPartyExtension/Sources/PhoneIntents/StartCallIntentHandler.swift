import Foundation
import Intents

/// Calls go to a handle, as in a real call app: a person Siri found in the user's contacts
/// arrives with one (and the contact's identifier); a name it did not find arrives alone, and
/// only the app's own directory can give it a number.
class StartCallIntentHandler: NSObject, INStartCallIntentHandling {
    /// The app's own directory, for names that are not in the user's contacts.
    private let directory = [
        INPerson(personHandle: INPersonHandle(value: "+351 210 000 001", type: .phoneNumber), nameComponents: nil,
                 displayName: "Kiki Silva", image: nil, contactIdentifier: "kiki-silva", customIdentifier: nil),
        INPerson(personHandle: INPersonHandle(value: "+351 210 000 002", type: .phoneNumber), nameComponents: nil,
                 displayName: "Kiki Moreira", image: nil, contactIdentifier: "kiki-moreira", customIdentifier: nil),
        INPerson(personHandle: INPersonHandle(value: "+351 210 000 003", type: .phoneNumber), nameComponents: nil,
                 displayName: "Bobo", image: nil, contactIdentifier: "bobo", customIdentifier: nil),
    ]

    func resolveContacts(for intent: INStartCallIntent, with completion: @escaping ([INStartCallContactResolutionResult]) -> Void) {
        guard let contacts = intent.contacts, !contacts.isEmpty else {
            completion([.needsValue()])
            return
        }
        guard contacts.count == 1 else {
            completion([.unsupported(forReason: .multipleContactsUnsupported)])
            return
        }
        // Siri matched the name in the user's contacts: the call goes to the contact's handle.
        if let handle = contacts[0].personHandle?.value, !handle.isEmpty {
            completion([.success(with: contacts[0])])
            return
        }
        let name = contacts[0].displayName.lowercased()
        let matches = directory.filter { $0.displayName.lowercased().hasPrefix(name) }
        switch matches.count {
        case 0: completion([.unsupported(forReason: .noContactFound)])
        case 1: completion([.success(with: matches[0])])
        default: completion([.disambiguation(with: matches)])
        }
    }

    func resolveCallCapability(for intent: INStartCallIntent,
                               with completion: @escaping (INStartCallCallCapabilityResolutionResult) -> Void) {
        switch intent.callCapability {
        case .videoCall: completion(.unsupported(forReason: .videoCallUnsupported))
        default: completion(.success(with: .audioCall))
        }
    }

    func resolveDestinationType(for intent: INStartCallIntent,
                                with completion: @escaping (INCallDestinationTypeResolutionResult) -> Void) {
        completion(.success(with: intent.destinationType == .unknown ? .normal : intent.destinationType))
    }

    func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
        // A call needs a number: with none, there is nothing to dial.
        guard let handle = intent.contacts?.first?.personHandle?.value, !handle.isEmpty else {
            completion(INStartCallIntentResponse(code: .failure, userActivity: nil))
            return
        }
        // The call itself is placed by the app, which the activity opens.
        let activity = NSUserActivity(activityType: NSStringFromClass(INStartCallIntent.self))
        activity.userInfo = ["handle": handle]
        completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
    }
}
