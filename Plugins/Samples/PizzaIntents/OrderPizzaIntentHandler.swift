import Foundation
import Intents
import SampleIntents
import SharedKit

/// Orders pizzas from the menu the Pizza app keeps in its app group.
public class OrderPizzaIntentHandler: NSObject, OrderPizzaIntentHandling {
    /// The app group's store, opened once per extension process (handlers are made per intent).
    private static let sharedPizzeria = try? PizzeriaData()
    private let pizzeria = OrderPizzaIntentHandler.sharedPizzeria
    private var menu: PizzaMenu { (try? pizzeria?.menu()) ?? .sample }

    public func resolveKind(for intent: OrderPizzaIntent) async -> OrderPizzaKindResolutionResult {
        guard let requested = intent.kind else { return .needsValue() }
        if let identifier = requested.identifier, let pizza = menu.pizza(identifier: identifier) {
            return .success(with: Pizza(menuItem: pizza))
        }
        let matches = menu.matches(requested.displayString)
        switch matches.count {
        case 0: return .unsupported(forReason: .notOnMenu)
        case 1: return .success(with: Pizza(menuItem: matches[0]))
        default: return .disambiguation(with: matches.map(Pizza.init(menuItem:)))
        }
    }

    public func resolveQuantity(for intent: OrderPizzaIntent,
                                with completion: @escaping (OrderPizzaQuantityResolutionResult) -> Void) {
        guard let quantity = intent.quantity?.intValue else {
            completion(.needsValue())
            return
        }
        switch quantity {
        case ..<1: completion(.unsupported(forReason: .negativeNumbersNotSupported))
        case 11...: completion(.unsupported(forReason: .greaterThanMaximumValue))
        case 6...: completion(.confirmationRequired(with: quantity))
        default: completion(.success(with: quantity))
        }
    }

    public func resolveDeliveryTime(for intent: OrderPizzaIntent) async -> INDateComponentsResolutionResult {
        guard let time = intent.deliveryTime else { return .notRequired() }
        return .success(with: time)
    }

    public func confirm(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void) {
        guard let identifier = intent.kind?.identifier, let pizza = menu.pizza(identifier: identifier) else {
            completion(OrderPizzaIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let hour = intent.deliveryTime?.hour ?? Calendar.current.component(.hour, from: Date())
        if (try? pizzeria?.isClosed()) == true || !menu.isOpen(atHour: hour) {
            completion(OrderPizzaIntentResponse(code: .failurePizzeriaClosed, userActivity: nil))
        } else if !pizza.isAvailable {
            completion(.failurePizzaUnavailable(kind: Pizza(menuItem: pizza)))
        } else {
            completion(OrderPizzaIntentResponse(code: .ready, userActivity: nil))
        }
    }

    public func handle(intent: OrderPizzaIntent) async -> OrderPizzaIntentResponse {
        let quantity = intent.quantity?.intValue ?? 1
        do {
            try pizzeria?.record(PizzaOrder(pizza: intent.kind?.identifier ?? "?", quantity: quantity))
        } catch {
            FileHandle.standardError.write(Data("Pizza: the order could not be recorded: \(error)\n".utf8))
            return OrderPizzaIntentResponse(code: .failure, userActivity: nil)
        }
        return .success(waitTime: NSNumber(value: 15 + 5 * quantity))
    }

    /// When the user names no pizza, the host offers the ones available today.
    public func provideKindOptionsCollection(for intent: OrderPizzaIntent) async throws -> INObjectCollection<Pizza> {
        INObjectCollection(items: menu.pizzas.filter(\.isAvailable).map(Pizza.init(menuItem:)))
    }
}
