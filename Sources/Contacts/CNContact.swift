import Foundation

/// Whether a contact is a person or an organization.
@objc public enum CNContactType: Int, Sendable {
    /// A person.
    case person = 0
    /// A company or another organization.
    case organization = 1
}

/// A contact: a person's or an organization's names, phone numbers, email addresses and postal
/// addresses.
///
/// The part of Contacts' immutable class that SiriKit's people need. Make one with
/// ``CNMutableContact``. There is no contact store: the intents host reads the user's contacts
/// from vCard files and gives extensions what Siri gives them, an `INPerson` with the contact's
/// identifier and handle.
open class CNContact: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    /// The contact's identifier, unique among the user's contacts: what `INPerson`'s
    /// `contactIdentifier` holds.
    public internal(set) var identifier: String
    /// A person or an organization.
    public internal(set) var contactType: CNContactType = .person
    /// The name's prefix ("Dr.").
    public internal(set) var namePrefix: String = ""
    /// The given name ("John").
    public internal(set) var givenName: String = ""
    /// The middle name.
    public internal(set) var middleName: String = ""
    /// The family name ("Appleseed").
    public internal(set) var familyName: String = ""
    /// The name's suffix ("Jr.").
    public internal(set) var nameSuffix: String = ""
    /// The nickname ("Johnny", or "Mom").
    public internal(set) var nickname: String = ""
    /// The organization's name.
    public internal(set) var organizationName: String = ""
    /// The phone numbers, each with its label.
    public internal(set) var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] = []
    /// The email addresses, each with its label.
    public internal(set) var emailAddresses: [CNLabeledValue<NSString>] = []
    /// The postal addresses, each with its label.
    public internal(set) var postalAddresses: [CNLabeledValue<CNPostalAddress>] = []

    /// An empty contact with a new identifier.
    public override init() {
        self.identifier = UUID().uuidString
        super.init()
    }

    func setFields(from other: CNContact) {
        identifier = other.identifier
        contactType = other.contactType
        namePrefix = other.namePrefix
        givenName = other.givenName
        middleName = other.middleName
        familyName = other.familyName
        nameSuffix = other.nameSuffix
        nickname = other.nickname
        organizationName = other.organizationName
        phoneNumbers = other.phoneNumbers
        emailAddresses = other.emailAddresses
        postalAddresses = other.postalAddresses
    }

    private static let nameKeys = ["namePrefix", "givenName", "middleName", "familyName", "nameSuffix", "nickname", "organizationName"]
    private var names: [String] { [namePrefix, givenName, middleName, familyName, nameSuffix, nickname, organizationName] }

    // MARK: NSSecureCoding

    /// Contacts code securely.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the identifier, the type, the names and each labeled value (as parallel lists of
    /// identifiers, labels and values, so that no generic class name is archived).
    open func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: "identifier")
        coder.encode(contactType.rawValue, forKey: "contactType")
        for (key, name) in zip(Self.nameKeys, names) { coder.encode(name as NSString, forKey: key) }
        Self.encode(phoneNumbers, as: "phoneNumbers", with: coder)
        Self.encode(emailAddresses, as: "emailAddresses", with: coder)
        Self.encode(postalAddresses, as: "postalAddresses", with: coder)
    }

    /// Reads what `encode(with:)` wrote; a missing name is empty.
    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier") else { return nil }
        self.identifier = identifier as String
        super.init()
        contactType = CNContactType(rawValue: coder.decodeInteger(forKey: "contactType")) ?? .person
        func name(_ key: String) -> String {
            guard coder.containsValue(forKey: key) else { return "" }
            return (coder.decodeObject(of: NSString.self, forKey: key) as String?) ?? ""
        }
        namePrefix = name("namePrefix")
        givenName = name("givenName")
        middleName = name("middleName")
        familyName = name("familyName")
        nameSuffix = name("nameSuffix")
        nickname = name("nickname")
        organizationName = name("organizationName")
        phoneNumbers = Self.decode("phoneNumbers", with: coder)
        emailAddresses = Self.decode("emailAddresses", with: coder)
        postalAddresses = Self.decode("postalAddresses", with: coder)
    }

    private static func encode<Value>(_ values: [CNLabeledValue<Value>], as key: String, with coder: NSCoder)
    where Value: NSCopying, Value: NSSecureCoding {
        coder.encode(values.map { $0.identifier as NSString } as NSArray, forKey: key + ".identifiers")
        coder.encode(values.map { ($0.label ?? "") as NSString } as NSArray, forKey: key + ".labels")
        coder.encode(values.map(\.value) as NSArray, forKey: key + ".values")
    }

    private static func decode<Value>(_ key: String, with coder: NSCoder) -> [CNLabeledValue<Value>]
    where Value: NSCopying, Value: NSSecureCoding {
        guard coder.containsValue(forKey: key + ".values") else { return [] }
        let classes: [AnyClass] = [NSArray.self, NSString.self] + [Value.self as? AnyClass].compactMap { $0 }
        guard let identifiers = coder.decodeObject(of: classes, forKey: key + ".identifiers") as? [NSString],
              let labels = coder.decodeObject(of: classes, forKey: key + ".labels") as? [NSString],
              let values = coder.decodeObject(of: classes, forKey: key + ".values") as? [Value],
              identifiers.count == labels.count, labels.count == values.count else { return [] }
        return values.indices.map { index in
            let label = labels[index] as String
            return CNLabeledValue(identifier: identifiers[index] as String, label: label.isEmpty ? nil : label, value: values[index])
        }
    }

    // MARK: Copying

    /// An immutable copy (the contact itself when it is immutable already).
    open func copy(with zone: NSZone? = nil) -> Any {
        if type(of: self) == CNContact.self { return self }
        let copy = CNContact()
        copy.setFields(from: self)
        return copy
    }

    /// A mutable copy with the same identifier and fields.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = CNMutableContact()
        copy.setFields(from: self)
        return copy
    }

    /// Equal to another contact with the same identifier, as Contacts compares contacts.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CNContact)?.identifier == identifier
    }

    /// The identifier's hash, consistent with `isEqual(_:)`.
    open override var hash: Int { identifier.hashValue }

    /// The full name (given and family names), else the organization's name, else the nickname.
    open override var description: String {
        let full = [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
        return [full, organizationName, nickname].first { !$0.isEmpty } ?? ""
    }
}

/// A contact whose fields can be set.
open class CNMutableContact: CNContact, @unchecked Sendable {
    /// A person or an organization.
    open override var contactType: CNContactType { get { super.contactType } set { super.contactType = newValue } }
    /// The name's prefix ("Dr.").
    open override var namePrefix: String { get { super.namePrefix } set { super.namePrefix = newValue } }
    /// The given name ("John").
    open override var givenName: String { get { super.givenName } set { super.givenName = newValue } }
    /// The middle name.
    open override var middleName: String { get { super.middleName } set { super.middleName = newValue } }
    /// The family name ("Appleseed").
    open override var familyName: String { get { super.familyName } set { super.familyName = newValue } }
    /// The name's suffix ("Jr.").
    open override var nameSuffix: String { get { super.nameSuffix } set { super.nameSuffix = newValue } }
    /// The nickname.
    open override var nickname: String { get { super.nickname } set { super.nickname = newValue } }
    /// The organization's name.
    open override var organizationName: String { get { super.organizationName } set { super.organizationName = newValue } }
    /// The phone numbers, each with its label.
    open override var phoneNumbers: [CNLabeledValue<CNPhoneNumber>] { get { super.phoneNumbers } set { super.phoneNumbers = newValue } }
    /// The email addresses, each with its label.
    open override var emailAddresses: [CNLabeledValue<NSString>] { get { super.emailAddresses } set { super.emailAddresses = newValue } }
    /// The postal addresses, each with its label.
    open override var postalAddresses: [CNLabeledValue<CNPostalAddress>] {
        get { super.postalAddresses }
        set { super.postalAddresses = newValue }
    }

    /// An empty contact with a new identifier, to fill in.
    public override init() {
        super.init()
    }

    /// Reads what a contact wrote.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
