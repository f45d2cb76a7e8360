import Foundation
import Intents

/// Handles `OrderPizzaIntent`: resolve per parameter, confirm, handle; either form of each.
public protocol OrderPizzaIntentHandling: NSObjectProtocol {
    func handle(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void)
    func handle(intent: OrderPizzaIntent) async -> OrderPizzaIntentResponse
    func confirm(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void)
    func confirm(intent: OrderPizzaIntent) async -> OrderPizzaIntentResponse
    func resolveKind(for intent: OrderPizzaIntent, with completion: @escaping (OrderPizzaKindResolutionResult) -> Void)
    func resolveKind(for intent: OrderPizzaIntent) async -> OrderPizzaKindResolutionResult
    func resolveQuantity(for intent: OrderPizzaIntent, with completion: @escaping (OrderPizzaQuantityResolutionResult) -> Void)
    func resolveQuantity(for intent: OrderPizzaIntent) async -> OrderPizzaQuantityResolutionResult
    func resolveDeliveryTime(for intent: OrderPizzaIntent, with completion: @escaping (INDateComponentsResolutionResult) -> Void)
    func resolveDeliveryTime(for intent: OrderPizzaIntent) async -> INDateComponentsResolutionResult
}

extension OrderPizzaIntentHandling {
    public func handle(intent: OrderPizzaIntent) async -> OrderPizzaIntentResponse {
        await withIntentCompletion { handle(intent: intent, completion: $0) }
    }
    public func handle(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void) {
        completion(.notImplemented())
    }
    public func confirm(intent: OrderPizzaIntent) async -> OrderPizzaIntentResponse {
        await withIntentCompletion { confirm(intent: intent, completion: $0) }
    }
    public func confirm(intent: OrderPizzaIntent, completion: @escaping (OrderPizzaIntentResponse) -> Void) {
        completion(.notImplemented())
    }
    public func resolveKind(for intent: OrderPizzaIntent) async -> OrderPizzaKindResolutionResult {
        await withIntentCompletion { resolveKind(for: intent, with: $0) }
    }
    public func resolveKind(for intent: OrderPizzaIntent, with completion: @escaping (OrderPizzaKindResolutionResult) -> Void) {
        completion(.notImplemented())
    }
    public func resolveQuantity(for intent: OrderPizzaIntent) async -> OrderPizzaQuantityResolutionResult {
        await withIntentCompletion { resolveQuantity(for: intent, with: $0) }
    }
    public func resolveQuantity(for intent: OrderPizzaIntent, with completion: @escaping (OrderPizzaQuantityResolutionResult) -> Void) {
        completion(.notImplemented())
    }
    public func resolveDeliveryTime(for intent: OrderPizzaIntent) async -> INDateComponentsResolutionResult {
        await withIntentCompletion { resolveDeliveryTime(for: intent, with: $0) }
    }
    public func resolveDeliveryTime(for intent: OrderPizzaIntent, with completion: @escaping (INDateComponentsResolutionResult) -> Void) {
        completion(.notImplemented())
    }
}
