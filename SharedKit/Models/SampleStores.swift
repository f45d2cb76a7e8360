import Foundation

/// MonkeyChat's data in its app group, used unchanged by the app and its extension.
public struct MonkeyChatData: Sendable {
    public static let appGroup = "group.com.example.monkeychat"
    let store: SharedStore

    public init(store: SharedStore) {
        self.store = store
    }

    /// Opens the group's store with this process's entitlements.
    public init(containers: AppGroupContainers = .fromEnvironment()) throws {
        self.store = try SharedStore(suiteName: Self.appGroup, containers: containers)
    }

    /// The contacts; the sample directory until the app changes them.
    public func contacts() throws -> ContactDirectory {
        ContactDirectory(contacts: try store.value([Contact].self, forKey: "contacts") ?? ContactDirectory.sample.contacts)
    }

    /// Adds or replaces a contact (by identifier).
    public func save(_ contact: Contact) throws {
        try store.update("contacts", as: [Contact].self) { stored in
            var contacts = (stored ?? ContactDirectory.sample.contacts).filter { $0.identifier != contact.identifier }
            contacts.append(contact)
            return contacts
        }
    }

    /// Removes a contact; false when there was none with that identifier.
    @discardableResult
    public func removeContact(identifier: String) throws -> Bool {
        var removed = false
        try store.update("contacts", as: [Contact].self) { stored in
            let contacts = stored ?? ContactDirectory.sample.contacts
            let kept = contacts.filter { $0.identifier != identifier }
            removed = kept.count != contacts.count
            return kept
        }
        return removed
    }

    /// Messages sent, oldest first.
    public func sentMessages() throws -> [SentMessage] {
        try store.value([SentMessage].self, forKey: "sentMessages") ?? []
    }

    /// Records a sent message (the extension does, when it handles a send).
    public func recordSent(_ message: SentMessage) throws {
        try store.update("sentMessages", as: [SentMessage].self) { ($0 ?? []) + [message] }
    }
}

/// A message MonkeyChat sent.
public struct SentMessage: Codable, Hashable, Sendable {
    public var recipients: [String]
    public var content: String
    public var date: Date

    public init(recipients: [String], content: String, date: Date = Date()) {
        self.recipients = recipients
        self.content = content
        self.date = date
    }
}

/// The pizzeria's data in its app group: menu, opening state, orders.
public struct PizzeriaData: Sendable {
    public static let appGroup = "group.com.example.pizza"
    let store: SharedStore

    public init(store: SharedStore) {
        self.store = store
    }

    public init(containers: AppGroupContainers = .fromEnvironment()) throws {
        self.store = try SharedStore(suiteName: Self.appGroup, containers: containers)
    }

    /// The menu; the sample menu until the app changes it.
    public func menu() throws -> PizzaMenu {
        try store.value(PizzaMenu.self, forKey: "menu") ?? .sample
    }

    /// Marks a pizza available or not; false when no pizza has that identifier.
    @discardableResult
    public func setAvailable(_ available: Bool, pizza identifier: String) throws -> Bool {
        var found = false
        try store.update("menu", as: PizzaMenu.self) { stored in
            var menu = stored ?? .sample
            for index in menu.pizzas.indices where menu.pizzas[index].identifier == identifier {
                menu.pizzas[index].isAvailable = available
                found = true
            }
            return menu
        }
        return found
    }

    /// Whether the owner closed the pizzeria (whatever the hours say).
    public func isClosed() throws -> Bool {
        try store.value(Bool.self, forKey: "closed") ?? false
    }

    public func setClosed(_ closed: Bool) throws {
        try store.set(codable: closed, forKey: "closed")
    }

    public func orders() throws -> [PizzaOrder] {
        try store.value([PizzaOrder].self, forKey: "orders") ?? []
    }

    /// Records an order (the extension does, when it handles one).
    public func record(_ order: PizzaOrder) throws {
        try store.update("orders", as: [PizzaOrder].self) { ($0 ?? []) + [order] }
    }
}

/// An order taken through the extension.
public struct PizzaOrder: Codable, Hashable, Sendable {
    public var pizza: String
    public var quantity: Int
    public var date: Date

    public init(pizza: String, quantity: Int, date: Date = Date()) {
        self.pizza = pizza
        self.quantity = quantity
        self.date = date
    }
}
