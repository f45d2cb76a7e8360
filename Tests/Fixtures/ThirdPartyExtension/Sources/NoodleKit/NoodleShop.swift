import Foundation
import Intents

// NoodleKit is the framework the Noodles app and its intents extension share. Its intent classes
// (OrderNoodlesIntent, Noodle, OrderType, OrderDetails) are generated from Noodles.intentdefinition
// by the Intents SDK's IntentDefinitionGenerator plugin, as Xcode generates them into a framework.

/// The shop's menu and its places, as the app and the extension both read them.
public enum NoodleShop {
    /// Bowls left today, by noodle; soba is short.
    public static func bowlsLeft(of noodle: Noodle) -> Int {
        switch noodle {
        case .soba: return 3
        case .unknown: return 0
        default: return 50
        }
    }

    /// The price of one bowl.
    public static let bowlPrice = Decimal(string: "11.5")!

    /// The shops an order can be picked up from, by name.
    public static let shops: [(name: String, street: String, postalCode: String, latitude: Double, longitude: Double)] = [
        ("Harbour Street", "3 Harbour Street", "EH6 6QN", 55.9486, -3.1999),
        ("Old Town", "21 Cockburn Street", "EH1 1BP", 55.9497, -3.1910),
    ]
}

extension OrderDetails {
    /// The details of an order of `quantity` bowls, ready at `readyDate`.
    public convenience init(quantity: Int, readyDate: Date, display: String) {
        self.init(identifier: UUID().uuidString, display: display)
        estimatedTime = Calendar(identifier: .gregorian).dateComponents([.hour, .minute], from: readyDate)
        total = INCurrencyAmount(amount: NSDecimalNumber(decimal: NoodleShop.bowlPrice * Decimal(quantity)), currencyCode: "GBP")
    }
}
