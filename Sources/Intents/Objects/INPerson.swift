import Contacts
import Foundation
import ExtensionProtocol

/// A person: a recipient, a sender, a contact.
open class INPerson: NSObject, NSSecureCoding, NSCopying {
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

    /// True: a person archives with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the person as it crosses the process boundary (display name, handle value and
    /// type, contact and custom identifiers), with what stays in the process beside it: the
    /// handle's label, the name components and the image.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(intentValue, into: coder)
        IntentArchive.encode(personHandle?.label?.rawValue, forKey: "handleLabel", into: coder)
        if let nameComponents {
            for (key, part) in Self.nameParts(of: nameComponents) { IntentArchive.encode(part, forKey: "nameComponents." + key, into: coder) }
        }
        if let data = image?.imageData { coder.encodeInlineBytes(Array(data), forKey: "image.data") }
        IntentArchive.encode(image?.url?.absoluteString, forKey: "image.url", into: coder)
    }

    /// Reads a person archived by `encode(with:)`; nil when the archive is not one.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        guard let value = IntentArchive.decode(IntentValue.self, from: coder, of: INPerson.self),
              case .person(let person) = value else {
            IntentArchive.fail(coder, "The archive is not an INPerson.")
            return nil
        }
        if person.handle != nil || person.handleType != nil {
            let type = person.handleType.flatMap(INPersonHandleType.init(rawValue:)) ?? .unknown
            let label = IntentArchive.string(forKey: "handleLabel", from: coder).map(INPersonHandleLabel.init(rawValue:))
            personHandle = INPersonHandle(value: person.handle, type: type, label: label)
        }
        nameComponents = Self.nameComponents(from: coder)
        displayName = person.displayName
        image = Self.image(from: coder)
        contactIdentifier = person.contactIdentifier
        customIdentifier = person.customIdentifier
        super.init()
    }

    /// The parts of a name, by the key each is archived under.
    private static func nameParts(of components: PersonNameComponents) -> [(String, String?)] {
        [("namePrefix", components.namePrefix), ("givenName", components.givenName), ("middleName", components.middleName),
         ("familyName", components.familyName), ("nameSuffix", components.nameSuffix), ("nickname", components.nickname)]
    }

    /// The name components archived beside the wire form; nil when none was.
    private static func nameComponents(from coder: NSCoder) -> PersonNameComponents? {
        let part = { (key: String) in IntentArchive.string(forKey: "nameComponents." + key, from: coder) }
        var components = PersonNameComponents()
        components.namePrefix = part("namePrefix")
        components.givenName = part("givenName")
        components.middleName = part("middleName")
        components.familyName = part("familyName")
        components.nameSuffix = part("nameSuffix")
        components.nickname = part("nickname")
        return components == PersonNameComponents() ? nil : components
    }

    /// The image archived beside the wire form: its data, else its URL; nil when none was.
    private static func image(from coder: NSCoder) -> INImage? {
        if let data = coder.decodeInlineBytes(forKey: "image.data") { return INImage(imageData: Data(data)) }
        return IntentArchive.string(forKey: "image.url", from: coder).flatMap(URL.init(string:)).flatMap(INImage.init(url:))
    }

    /// A person of the same class with the same properties and a copy of the handle; the image is
    /// shared, as it cannot change.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The new person.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self(personHandle: personHandle?.copy() as? INPersonHandle ?? INPersonHandle(value: nil, type: .unknown),
                        nameComponents: nameComponents, displayName: displayName, image: image,
                        contactIdentifier: contactIdentifier, customIdentifier: customIdentifier)
        if personHandle == nil { copy.personHandle = nil }
        return copy
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

extension INPerson: IntentValueCodable {
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
