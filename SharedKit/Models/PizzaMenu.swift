/// A pizza on the menu and whether it can be ordered today.
public struct MenuPizza: Hashable, Sendable, Codable {
    public var identifier: String
    public var name: String
    public var isAvailable: Bool

    public init(identifier: String, name: String, isAvailable: Bool = true) {
        self.identifier = identifier
        self.name = name
        self.isAvailable = isAvailable
    }
}

/// The pizzeria's menu and opening hours.
public struct PizzaMenu: Sendable, Codable {
    public var pizzas: [MenuPizza]
    /// Opening and closing hour, local time; open when `opensAt <= hour < closesAt`.
    public var opensAt: Int
    public var closesAt: Int

    public init(pizzas: [MenuPizza], opensAt: Int, closesAt: Int) {
        self.pizzas = pizzas
        self.opensAt = opensAt
        self.closesAt = closesAt
    }

    /// The sample menu: quattro formaggi is sold out; open from 11:00 to 23:00.
    public static let sample = PizzaMenu(pizzas: [
        MenuPizza(identifier: "margherita", name: "Margherita"),
        MenuPizza(identifier: "pepperoni", name: "Pepperoni"),
        MenuPizza(identifier: "pepperoni-picante", name: "Pepperoni Picante"),
        MenuPizza(identifier: "funghi", name: "Funghi"),
        MenuPizza(identifier: "quattro-formaggi", name: "Quattro Formaggi", isAvailable: false),
    ], opensAt: 11, closesAt: 23)

    /// The pizza with this identifier.
    public func pizza(identifier: String) -> MenuPizza? {
        pizzas.first { $0.identifier == identifier }
    }

    /// The pizzas `query` names: an exact name or identifier wins; otherwise every pizza
    /// whose name contains the query, ignoring case.
    public func matches(_ query: String) -> [MenuPizza] {
        let wanted = query.lowercased().trimmingWhitespace()
        guard !wanted.isEmpty else { return [] }
        if let exact = pizzas.first(where: { $0.identifier == wanted || $0.name.lowercased() == wanted }) {
            return [exact]
        }
        return pizzas.filter { $0.name.lowercased().contains(wanted) }
    }

    /// Whether the pizzeria is open at `hour` (0 to 23).
    public func isOpen(atHour hour: Int) -> Bool {
        hour >= opensAt && hour < closesAt
    }
}
