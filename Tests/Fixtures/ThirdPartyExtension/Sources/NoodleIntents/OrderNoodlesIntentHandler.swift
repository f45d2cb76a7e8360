import Foundation
import Intents
import Contacts
import CoreLocation
import NoodleKit

/// Written as SiriKit handlers of the iOS 13 era are: completion handlers, the array form of
/// the options methods, a custom unsupported reason beside the definition's limits, and the
/// response factory that takes the object its dialog names a property of.
public class OrderNoodlesIntentHandler: NSObject, OrderNoodlesIntentHandling {
    public func resolveNoodle(for intent: OrderNoodlesIntent, with completion: @escaping (NoodleResolutionResult) -> Void) {
        if intent.noodle == .unknown {
            completion(NoodleResolutionResult.needsValue())
            return
        }
        completion(NoodleResolutionResult.success(with: intent.noodle))
    }

    public func resolveQuantity(for intent: OrderNoodlesIntent, with completion: @escaping (OrderNoodlesQuantityResolutionResult) -> Void) {
        guard let quantity = intent.quantity else {
            completion(OrderNoodlesQuantityResolutionResult.needsValue())
            return
        }
        if quantity.intValue > 10 {
            completion(OrderNoodlesQuantityResolutionResult.unsupported(forReason: .greaterThanMaximumValue))
            return
        }
        if quantity.intValue < 1 {
            completion(OrderNoodlesQuantityResolutionResult.unsupported(forReason: .lessThanMinimumValue))
            return
        }
        if quantity.intValue > NoodleShop.bowlsLeft(of: intent.noodle) {
            completion(OrderNoodlesQuantityResolutionResult.unsupported(forReason: .notEnoughInStock))
            return
        }
        completion(OrderNoodlesQuantityResolutionResult.success(with: quantity.intValue))
    }

    // The form Xcode generated before iOS 14.
    public func provideToppingsOptions(for intent: OrderNoodlesIntent, with completion: @escaping ([INObject]?, Error?) -> Void) {
        completion([INObject(identifier: "egg", display: "Soft Egg"), INObject(identifier: "nori", display: "Nori")], nil)
    }

    public func resolveToppings(for intent: OrderNoodlesIntent, with completion: @escaping ([INObjectResolutionResult]) -> Void) {
        guard let toppings = intent.toppings else {
            completion([INObjectResolutionResult.needsValue()])
            return
        }
        completion(toppings.map { INObjectResolutionResult.success(with: $0) })
    }

    public func resolveOrderType(for intent: OrderNoodlesIntent, with completion: @escaping (OrderTypeResolutionResult) -> Void) {
        if intent.orderType == .unknown {
            completion(OrderTypeResolutionResult.needsValue())
        } else {
            completion(OrderTypeResolutionResult.success(with: intent.orderType))
        }
    }

    // Asked only for delivery orders: the definition makes `orderType == delivery` its parent's condition.
    public func resolveDeliveryAddress(for intent: OrderNoodlesIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void) {
        guard let address = intent.deliveryAddress else {
            completion(INPlacemarkResolutionResult.needsValue())
            return
        }
        completion(INPlacemarkResolutionResult.success(with: address))
    }

    // Asked only for pickup orders; the async array form, as handlers written since iOS 15 implement it.
    public func provideShopOptions(for intent: OrderNoodlesIntent) async throws -> [CLPlacemark] {
        NoodleShop.shops.map { shop in
            let address = CNMutablePostalAddress()
            address.street = shop.street
            address.city = "Edinburgh"
            address.postalCode = shop.postalCode
            address.isoCountryCode = "GB"
            return CLPlacemark(location: CLLocation(latitude: shop.latitude, longitude: shop.longitude), name: shop.name, postalAddress: address)
        }
    }

    public func resolveShop(for intent: OrderNoodlesIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void) {
        guard let shop = intent.shop else {
            completion(INPlacemarkResolutionResult.needsValue())
            return
        }
        completion(INPlacemarkResolutionResult.success(with: shop))
    }

    public func confirm(intent: OrderNoodlesIntent, completion: @escaping (OrderNoodlesIntentResponse) -> Void) {
        if NoodleShop.bowlsLeft(of: intent.noodle) == 0 {
            completion(OrderNoodlesIntentResponse.failureSoldOut(noodle: intent.noodle))
            return
        }
        completion(OrderNoodlesIntentResponse(code: .ready, userActivity: nil))
    }

    public func handle(intent: OrderNoodlesIntent, completion: @escaping (OrderNoodlesIntentResponse) -> Void) {
        guard let quantity = intent.quantity else {
            completion(OrderNoodlesIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let readyDate = Date(timeIntervalSinceNow: 15 * 60)
        let orderDetails = OrderDetails(quantity: quantity.intValue, readyDate: readyDate, display: "15 minutes")
        let response = OrderNoodlesIntentResponse.success(orderDetails: orderDetails, noodle: intent.noodle, waitTime: "15 minutes")
        response.userActivity = NSUserActivity(activityType: "org.thirdparty.Noodles.orderComplete")
        completion(response)
    }
}
