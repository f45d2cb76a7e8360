import Foundation
import ExtensionProtocol

/// A person: a recipient, a sender, a contact.
open class INPerson: NSObject {
    /// The handle; nil for a person known only by name (as Siri gives a name the user spoke).
    public internal(set) var personHandle: INPersonHandle?
    /// The person's name in parts, when the app knows them; never sent to the host, so nil on a
    /// person that arrived from it.
    public let nameComponents: PersonNameComponents?
    /// The name shown and spoken for the person: the one given, else the name components' given
    /// and family names, else the handle's value.
    public let displayName: String
    /// The person's picture; kept in the process, never sent to the host.
    public let image: INImage?
    /// The identifier of the person's entry in the user's contacts, when the app knows it.
    public let contactIdentifier: String?
    /// Your app's own identifier for the person (an account ID), which crosses to the host and back
    /// so that `handle` can find the account.
    public let customIdentifier: String?

    /// Makes a person; with no display name, one is made from the name components or the handle.
    /// Subclasses must keep this initializer: the SDK calls it to rebuild people from the host.
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

    /// `INPerson(Bobo)`: the display name only, for logs.
    open override var description: String { "INPerson(\(displayName))" }

    /// Equal to another person with the same display name, handle, handle type, contact identifier
    /// and custom identifier; name components and image are not compared.
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
