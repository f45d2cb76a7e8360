import Foundation
import Intents

// The shape Xcode generates from an .intentdefinition with a custom intent "OrderPizza":
// the intent class, its custom type, its handling protocol, its response and per-parameter
// resolution results. A code generator will write files like these; today they are written by hand.

/// The custom type "Pizza" (an `INObject` subclass, as Xcode generates custom types).
public class Pizza: INObject {}

/// Orders pizzas: which kind, how many, and optionally when to deliver.
public class OrderPizzaIntent: INIntent {
    @IntentParameter(title: "pizza") public var kind: Pizza?
    @IntentParameter(title: "quantity") public var quantity: NSNumber?
    @IntentParameter(title: "delivery time") public var deliveryTime: DateComponents?

    public override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<OrderPizzaIntent, any OrderPizzaIntentHandling>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
            .resolving("kind") { [await $0.resolveKind(for: $1)] }
            .resolving("quantity") { [await $0.resolveQuantity(for: $1)] }
            .resolving("deliveryTime") { [await $0.resolveDeliveryTime(for: $1)] }
    }
}

/// Why a pizza kind cannot be ordered.
public enum OrderPizzaKindUnsupportedReason: Int, INUnsupportedReason {
    case notOnMenu = 1

    public var reasonDescription: String? { "That pizza is not on the menu." }
}

/// Why a quantity cannot be ordered.
public enum OrderPizzaQuantityUnsupportedReason: Int, INUnsupportedReason {
    case negativeNumbersNotSupported = 1
    case greaterThanMaximumValue = 2

    public var reasonDescription: String? {
        switch self {
        case .negativeNumbersNotSupported: return "Order at least one pizza."
        case .greaterThanMaximumValue: return "At most 10 pizzas fit in one order."
        }
    }
}

/// Resolves the kind of pizza.
public class OrderPizzaKindResolutionResult: INObjectResolutionResult {
    public class func unsupported(forReason reason: OrderPizzaKindUnsupportedReason) -> Self {
        unsupported(withReason: reason)
    }
}

/// Resolves the number of pizzas.
public class OrderPizzaQuantityResolutionResult: INIntegerResolutionResult {
    public class func unsupported(forReason reason: OrderPizzaQuantityUnsupportedReason) -> Self {
        unsupported(withReason: reason)
    }
}
