import Foundation
import Intents

class StartCallIntentHandler: NSObject, INStartCallIntentHandling {
    /// The app's address book.
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
        // The call itself is placed by the app, which the activity opens.
        let activity = NSUserActivity(activityType: NSStringFromClass(INStartCallIntent.self))
        completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
    }
}
