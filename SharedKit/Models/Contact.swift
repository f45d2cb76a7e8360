/// A MonkeyChat contact: a friend reached by screen name.
public struct Contact: Hashable, Sendable, Codable {
    public var identifier: String
    public var name: String
    public var screenName: String

    public init(identifier: String, name: String, screenName: String) {
        self.identifier = identifier
        self.name = name
        self.screenName = screenName
    }
}

/// The contacts MonkeyChat knows, searched by name.
public struct ContactDirectory: Sendable {
    public var contacts: [Contact]

    public init(contacts: [Contact]) {
        self.contacts = contacts
    }

    /// The sample directory: three friends named Bobo among others.
    public static let sample = ContactDirectory(contacts: [
        Contact(identifier: "c-bobo-banana", name: "Bobo", screenName: "@bobo.banana"),
        Contact(identifier: "c-bobo-jungle", name: "Bobo", screenName: "@bobo.jungle"),
        Contact(identifier: "c-bobo-treetop", name: "Bobo", screenName: "@bobo.treetop"),
        Contact(identifier: "c-kiki", name: "Kiki", screenName: "@kiki"),
        Contact(identifier: "c-momo", name: "Momo", screenName: "@momo"),
    ])

    /// The contact with this identifier.
    public func contact(identifier: String) -> Contact? {
        contacts.first { $0.identifier == identifier }
    }

    /// Contacts whose name or screen name is `query`, ignoring case and a leading `@`.
    public func matches(_ query: String) -> [Contact] {
        let wanted = Self.normalized(query)
        return contacts.filter { Self.normalized($0.name) == wanted || Self.normalized($0.screenName) == wanted }
    }

    private static func normalized(_ text: String) -> String {
        var folded = text.lowercased()
        while folded.hasPrefix("@") { folded.removeFirst() }
        return folded.trimmingWhitespace()
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
