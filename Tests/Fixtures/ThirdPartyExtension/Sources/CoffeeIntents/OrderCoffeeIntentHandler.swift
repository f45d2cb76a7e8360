import Foundation
import Intents
import CoreLocation
import CoffeeKit

class OrderCoffeeIntentHandler: NSObject, OrderCoffeeIntentHandling {
    func resolveDrink(for intent: OrderCoffeeIntent, with completion: @escaping (OrderCoffeeDrinkResolutionResult) -> Void) {
        guard let drink = intent.drink else {
            completion(.needsValue())
            return
        }
        guard let item = CoffeeMenu.drink(drink.identifier ?? drink.displayString) else {
            completion(.unsupported())
            return
        }
        completion(item.soldOut ? .unsupported(forReason: .soldOut) : .success(with: Drink(item)))
    }

    func provideDrinkOptionsCollection(for intent: OrderCoffeeIntent,
                                       with completion: @escaping (INObjectCollection<Drink>?, Error?) -> Void) {
        let available = CoffeeMenu.drinks.filter { !$0.soldOut }.map(Drink.init)
        completion(INObjectCollection(sections: [INObjectSection(title: "Today", items: available)]), nil)
    }

    func resolveSize(for intent: OrderCoffeeIntent) async -> CupSizeResolutionResult {
        intent.size == .unknown ? .needsValue() : .success(with: intent.size)
    }

    func resolveShots(for intent: OrderCoffeeIntent, with completion: @escaping (OrderCoffeeShotsResolutionResult) -> Void) {
        guard let shots = intent.shots else {
            completion(.notRequired())
            return
        }
        completion(shots.intValue > 4 ? .unsupported(forReason: .greaterThanMaximumValue) : .success(with: shots.intValue))
    }

    func resolvePickup(for intent: OrderCoffeeIntent) async -> INPlacemarkResolutionResult {
        guard let pickup = intent.pickup else { return .needsValue() }
        return .success(with: pickup)
    }

    func resolveMenuLink(for intent: OrderCoffeeIntent) async -> INURLResolutionResult {
        guard let link = intent.menuLink else { return .notRequired() }
        return link.host == "coffee.example" ? .success(with: link) : .unsupported()
    }

    func confirm(intent: OrderCoffeeIntent, completion: @escaping (OrderCoffeeIntentResponse) -> Void) {
        completion(OrderCoffeeIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: OrderCoffeeIntent, completion: @escaping (OrderCoffeeIntentResponse) -> Void) {
        guard let drink = intent.drink, let pickup = intent.pickup else {
            completion(OrderCoffeeIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let extras = intent.extras ?? []
        if intent.takeaway?.boolValue == false {
            completion(.queued(position: NSNumber(value: extras.count + 1)))
            return
        }
        // Every input shows in the wait: shots, each extra, and the strength (a decimal).
        let minutes = 2 + (intent.shots?.intValue ?? 0) + extras.count + Int(((intent.strength?.doubleValue ?? 0) * 2).rounded())
        completion(.success(size: intent.size, drink: drink, waitTime: NSNumber(value: minutes), pickup: pickup))
    }
}
