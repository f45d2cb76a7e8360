import ArgumentParser
import Foundation
import Intents
import SharedKit

/// The Pizza app: what the pizzeria's owner sees. Its extension reads the same app group.
struct PizzaApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pizza",
        abstract: "The Pizza sample app: menu, opening, orders, shared with its Intents extension.",
        discussion: """
        Examples:
          pizza menu
          pizza close            # the extension's confirm now answers "pizzeria closed"
          pizza unavailable margherita
          pizza orders
          pizza order margherita 2         # donated: attach a phrase with `intents shortcuts add`
        """,
        subcommands: [Menu.self, Close.self, Open.self, Unavailable.self, Available.self, Orders.self,
                      Order.self, ContinueActivity.self],
        defaultSubcommand: Menu.self)
}

struct StateOption: ParsableArguments {
    @Option(help: "The host's state folder (default: $INTENTS_STATE, else ~/.local/state/intents).") var state: String?

    /// Donations and vocabulary go to this state folder's system store.
    func useStateForSystem() {
        if let state { IntentsAppContext.configure(appBundle: nil, stateFolder: state) }
    }

    func pizzeria() throws -> PizzeriaData {
        useStateForSystem()
        let containers = try AppGroupContainers.forApp(named: "Pizza", stateFolder: state ?? AppGroupContainers.defaultStateFolder())
        return try PizzeriaData(containers: containers)
    }
}

struct Menu: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the menu and whether the pizzeria is open (donated as an activity).")
    @OptionGroup var options: StateOption

    func run() throws {
        options.useStateForSystem()
        PizzaActivities.donateShowMenu()
        try printMenu(options.pizzeria())
    }
}

/// Prints whether the pizzeria is open and its pizzas.
func printMenu(_ pizzeria: PizzeriaData) throws {
    let menu = try pizzeria.menu()
    print(try pizzeria.isClosed() ? "Closed by the owner." : "Open from \(menu.opensAt):00 to \(menu.closesAt):00.")
    for pizza in menu.pizzas {
        print("  \(pizza.identifier.padding(toLength: 18, withPad: " ", startingAt: 0)) \(pizza.name)\(pizza.isAvailable ? "" : " (unavailable)")")
    }
}

struct Close: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Close the pizzeria: orders are refused.")
    @OptionGroup var options: StateOption
    func run() throws {
        try options.pizzeria().setClosed(true)
        print("The pizzeria is closed.")
    }
}

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the pizzeria again.")
    @OptionGroup var options: StateOption
    func run() throws {
        try options.pizzeria().setClosed(false)
        print("The pizzeria is open.")
    }
}

struct Unavailable: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a pizza unavailable.")
    @OptionGroup var options: StateOption
    @Argument(help: "The pizza's identifier, as `pizza menu` lists it.") var pizza: String
    func run() throws { try setAvailability(false, pizza, options) }
}

struct Available: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a pizza available again.")
    @OptionGroup var options: StateOption
    @Argument(help: "The pizza's identifier, as `pizza menu` lists it.") var pizza: String
    func run() throws { try setAvailability(true, pizza, options) }
}

func setAvailability(_ available: Bool, _ pizza: String, _ options: StateOption) throws {
    guard try options.pizzeria().setAvailable(available, pizza: pizza) else {
        throw ValidationError("No pizza \"\(pizza)\" on the menu; `pizza menu` lists them.")
    }
    print("\(pizza) is \(available ? "available" : "unavailable").")
}

struct Orders: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the orders taken through the extension.")
    @OptionGroup var options: StateOption
    func run() throws {
        let orders = try options.pizzeria().orders()
        if orders.isEmpty { print("No orders yet.") }
        for order in orders { print("\(order.quantity) x \(order.pizza)  \(order.date)") }
    }
}

PizzaApp.main()
