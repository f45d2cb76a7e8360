import ArgumentParser
import Foundation
import Intents
import SampleIntents
import SharedKit

/// Orders in the app, as a customer at the counter would; each order is donated, so that the
/// user can attach a phrase to it ("pizza time") and the system can suggest it.
struct Order: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Order pizzas in the app; the order is donated as an OrderPizzaIntent interaction.",
        discussion: """
        Examples:
          pizza order margherita 2
          pizza order funghi 1 --delivery 19:30
          intents shortcuts add "pizza time" --donation <the identifier printed>
        """)
    @OptionGroup var options: StateOption
    @Argument(help: "The pizza's identifier, as `pizza menu` lists it.") var pizza: String
    @Argument(help: "How many, 1 to 10.") var quantity: Int = 1
    @Option(help: ArgumentHelp("Delivery time, HH:MM (default: as soon as possible).", valueName: "time")) var delivery: String?

    func validate() throws {
        guard (1...10).contains(quantity) else { throw ValidationError("Order between 1 and 10 pizzas; got \(quantity).") }
        if let delivery, Self.time(delivery) == nil { throw ValidationError("--delivery \"\(delivery)\" is not a time; write HH:MM, like 19:30.") }
    }

    func run() throws {
        let pizzeria = try options.pizzeria()
        let menu = try pizzeria.menu()
        guard let chosen = menu.pizza(identifier: pizza) else {
            throw ValidationError("No pizza \"\(pizza)\" on the menu; `pizza menu` lists them.")
        }
        let time = delivery.flatMap(Self.time)
        if try pizzeria.isClosed() || !menu.isOpen(atHour: time?.hour ?? Calendar.current.component(.hour, from: Date())) {
            throw ValidationError("The pizzeria is closed; no order was taken.")
        }
        guard chosen.isAvailable else { throw ValidationError("\(chosen.name) is unavailable today; no order was taken.") }
        try pizzeria.record(PizzaOrder(pizza: chosen.identifier, quantity: quantity))

        let intent = OrderPizzaIntent()
        intent.kind = Pizza(menuItem: chosen)
        intent.quantity = NSNumber(value: quantity)
        intent.deliveryTime = time
        intent.suggestedInvocationPhrase = "Order \(chosen.name.lowercased())"
        let interaction = INInteraction(intent: intent, response: OrderPizzaIntentResponse.success(waitTime: NSNumber(value: 15 + 5 * quantity)))
        interaction.groupIdentifier = "orders"
        var failure: (any Error)?
        interaction.donate { failure = $0 }
        print("Ordered \(quantity) x \(chosen.name).")
        if let failure {
            FileHandle.standardError.write(Data("The order was not donated: \(failure)\n".utf8))
            throw ExitCode(1)
        }
        print("Donated as \(interaction.identifier ?? "?").")
    }

    static func time(_ text: String) -> DateComponents? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else { return nil }
        return DateComponents(hour: parts[0], minute: parts[1])
    }
}

/// What the system runs when the user picks an activity shortcut of this app.
struct ContinueActivity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue-activity",
        abstract: "Continue a user activity handed over by the system (`intents say` with an activity shortcut).",
        discussion: "Example:\n  pizza continue-activity --type com.example.pizza.show-menu --user-info '{}'")
    @OptionGroup var options: StateOption
    @Option(help: "The activity type.") var type: String
    @Option(help: "The activity's userInfo, as a JSON object.") var userInfo = "{}"
    @Option(help: "The activity's title.") var title: String?

    func run() throws {
        guard let info = try? JSONSerialization.jsonObject(with: Data(userInfo.utf8)) as? [String: Any] else {
            throw ValidationError("--user-info must be a JSON object; got \(userInfo).")
        }
        switch type {
        case PizzaActivities.showMenu:
            print("Continuing \(title ?? "the menu"):")
            try printMenu(options.pizzeria())
        case "OrderPizzaIntent":
            print("Continuing an order in the app: \(info.keys.sorted().map { "\($0) = \(info[$0]!)" }.joined(separator: ", ")).")
        default:
            throw ValidationError("Pizza does not continue activities of type \(type).")
        }
    }
}

/// The activity types the Pizza app declares in NSUserActivityTypes.
enum PizzaActivities {
    static let showMenu = "com.example.pizza.show-menu"

    /// Donates "show the menu" as an activity eligible for prediction, as the app does each
    /// time it shows the menu.
    static func donateShowMenu() {
        let activity = NSUserActivity(activityType: showMenu)
        activity.title = "Pizza menu"
        activity.isEligibleForPrediction = true
        activity.persistentIdentifier = showMenu
        activity.suggestedInvocationPhrase = "Show the pizza menu"
        activity.becomeCurrent()
    }
}
