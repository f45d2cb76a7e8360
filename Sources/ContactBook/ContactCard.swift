/// One contact as the user's vCard file describes it: the names a spoken name is matched
/// against, and the handles (phone numbers, email addresses) a person can be reached at.
public struct ContactCard: Hashable, Sendable {
    /// A phone number or an email address with its vCard types (`cell`, `work`, `pref`...).
    public struct Handle: Hashable, Sendable {
        public var value: String
        /// The `TYPE` parameter's values, lowercased; `pref` also stands for vCard 4.0's `PREF=1`.
        public var types: [String]

        public init(value: String, types: [String] = []) {
            self.value = value
            self.types = types
        }

        /// Whether the card marks this handle as the preferred one.
        public var isPreferred: Bool { types.contains("pref") }
    }

    /// The card's `UID`, else `<file name>#<line>` (stable while the file does not change):
    /// what `INPerson.contactIdentifier` carries.
    public var identifier: String
    /// `FN`; empty when the card has none.
    public var formattedName: String
    /// `N`'s given name.
    public var givenName: String
    /// `N`'s middle (additional) names.
    public var middleName: String
    /// `N`'s family name.
    public var familyName: String
    /// `NICKNAME`'s names, in order.
    public var nicknames: [String]
    /// `ORG`'s organization name (its first component).
    public var organization: String
    /// `TEL` values, in the card's order.
    public var phoneNumbers: [Handle]
    /// `EMAIL` values, in the card's order.
    public var emailAddresses: [Handle]
    /// Where the card starts: the file and the 1-based line of its `BEGIN:VCARD`.
    public var source: String

    public init(identifier: String, formattedName: String = "", givenName: String = "", middleName: String = "", familyName: String = "",
                nicknames: [String] = [], organization: String = "", phoneNumbers: [Handle] = [], emailAddresses: [Handle] = [],
                source: String = "") {
        self.identifier = identifier
        self.formattedName = formattedName
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.nicknames = nicknames
        self.organization = organization
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.source = source
    }

    /// Given and family names, `Kiki Silva`; empty when the card has neither.
    public var personName: String {
        [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The name a person reads: `FN`, else the given and family names, else the first
    /// nickname, else the organization.
    public var displayName: String {
        [formattedName, personName, nicknames.first ?? "", organization].first { !$0.isEmpty } ?? ""
    }

    /// Whether the card has a name of any kind.
    public var hasName: Bool { !displayName.isEmpty }

    /// The handle a person is reached at: the preferred phone number, else a mobile one
    /// (`cell`, `mobile`, `iphone`), else the first; with no phone number, the preferred email
    /// address, else the first; nil with neither.
    public var preferredHandle: (value: String, isPhoneNumber: Bool)? {
        let mobile: Set<String> = ["cell", "mobile", "iphone"]
        if let phone = phoneNumbers.first(where: \.isPreferred) ?? phoneNumbers.first(where: { !mobile.isDisjoint(with: $0.types) })
            ?? phoneNumbers.first {
            return (phone.value, true)
        }
        return (emailAddresses.first(where: \.isPreferred) ?? emailAddresses.first).map { ($0.value, false) }
    }

    /// The names a spoken name is compared with: `FN`, the given and family names, the given
    /// name alone, each nickname, and the organization when the card has no person's name.
    /// A card with no `N` (vCard 4.0 does not require it) whose `FN` is not its organization
    /// has `FN`'s first word as its given name.
    public var spokenNames: [String] {
        var names = [formattedName, personName, givenName] + nicknames
        if personName.isEmpty { names.append(organization) }
        if personName.isEmpty, formattedName != organization {
            let words = formattedName.split(whereSeparator: \.isWhitespace)
            if words.count > 1 { names.append(String(words[0])) }
        }
        return names.filter { !$0.isEmpty }
    }
}
