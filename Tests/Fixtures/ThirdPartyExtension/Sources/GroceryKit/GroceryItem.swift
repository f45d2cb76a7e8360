// A grocery list app's App Intents, written the way shipping apps write them: an entity with
// properties and a string query, an enum, intents with summaries, ranges, dialogs and errors,
// App Shortcuts with an entity slot. Shared by the app and its extension (AppIntentsPackage).
import AppIntents
import Foundation

struct GroceryItem: AppEntity, Identifiable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Grocery Item"
    static var defaultQuery = GroceryItemQuery()

    var id: String

    @Property(title: "Name")
    var name: String

    @Property(title: "Quantity")
    var quantity: Int

    @Property(title: "Aisle")
    var aisle: Aisle

    init(id: String, name: String, quantity: Int, aisle: Aisle) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.aisle = aisle
    }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(quantity) in \(aisle.rawValue)")
    }
}

struct GroceryItemQuery: EntityStringQuery {
    func entities(for identifiers: [GroceryItem.ID]) async throws -> [GroceryItem] {
        GroceryList.shared.items.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [GroceryItem] {
        GroceryList.shared.items.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> [GroceryItem] {
        GroceryList.shared.items
    }
}
