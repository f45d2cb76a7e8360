import Foundation

// CoffeeKit is the framework the Coffee app and its intents extension share. Its intent classes
// (OrderCoffeeIntent, Drink, CupSize and the rest) are generated from Coffee.intentdefinition by
// the Intents SDK's IntentDefinitionGenerator plugin, as Xcode generates them into a framework.

/// A drink the café serves.
public struct MenuDrink: Sendable {
    public var identifier: String
    public var name: String
    public var caffeinated: Bool
    public var origins: [String]
    public var recipe: URL
    public var soldOut: Bool
}

/// The café's menu.
public enum CoffeeMenu {
    public static let drinks: [MenuDrink] = [
        MenuDrink(identifier: "latte", name: "Latte", caffeinated: true, origins: ["Brazil", "Ethiopia"],
                  recipe: URL(string: "https://coffee.example/recipes/latte")!, soldOut: false),
        MenuDrink(identifier: "decaf", name: "Decaf", caffeinated: false, origins: ["Colombia"],
                  recipe: URL(string: "https://coffee.example/recipes/decaf")!, soldOut: false),
        MenuDrink(identifier: "mocha", name: "Mocha", caffeinated: true, origins: ["Yemen"],
                  recipe: URL(string: "https://coffee.example/recipes/mocha")!, soldOut: true),
    ]

    /// The drink whose identifier or name is `text`, ignoring case.
    public static func drink(_ text: String) -> MenuDrink? {
        drinks.first { $0.identifier == text.lowercased() || $0.name.lowercased() == text.lowercased() }
    }
}

extension Drink {
    /// The intent's drink for a drink of the menu, with its properties.
    public convenience init(_ item: MenuDrink) {
        self.init(identifier: item.identifier, display: item.name)
        caffeinated = NSNumber(value: item.caffeinated)
        origins = item.origins
        recipe = item.recipe
    }
}
