import Foundation
import ExtensionProtocol

/// A person: a recipient, a sender, a contact.
open class INPerson: NSObject {
    /// The handle; nil for a person known only by name (as Siri gives a name the user spoke).
    public internal(set) var personHandle: INPersonHandle?
    public let nameComponents: PersonNameComponents?
    public let displayName: String
    public let image: INImage?
    public let contactIdentifier: String?
    public let customIdentifier: String?

    public required init(personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
                image: INImage?, contactIdentifier: String?, customIdentifier: String?) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.displayName = displayName ?? nameComponents.map(INPerson.fullName) ?? personHandle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        super.init()
    }

    open override var description: String { "INPerson(\(displayName))" }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INPerson else { return false }
        return intentValue == other.intentValue
    }

    private static func fullName(_ components: PersonNameComponents) -> String {
        [components.givenName, components.familyName].compactMap { $0 }.joined(separator: " ")
    }
}

extension INPerson: IntentValueConvertible {
    public static var intentValueType: ValueType { .person }

    public var intentValue: IntentValue {
        .person(PersonValue(displayName: displayName, handle: personHandle?.value,
                            handleType: personHandle?.type.rawValue,
                            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .person(let person) = value else { return nil }
        let type = person.handleType.flatMap(INPersonHandleType.init(rawValue:)) ?? .unknown
        let made = Self(personHandle: INPersonHandle(value: person.handle, type: type), nameComponents: nil,
                        displayName: person.displayName, image: nil,
                        contactIdentifier: person.contactIdentifier, customIdentifier: person.customIdentifier)
        if person.handle == nil && person.handleType == nil { made.personHandle = nil }
        return made
    }
}
