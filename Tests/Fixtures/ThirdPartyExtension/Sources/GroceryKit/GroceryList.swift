import Foundation

/// The app's list. A real app keeps it in its app group; the fixture starts each process
/// with the same three items, so that tests know what the queries suggest.
final class GroceryList: @unchecked Sendable {
    static let shared = GroceryList()

    private let lock = NSLock()
    private var stored: [GroceryItem] = [
        GroceryItem(id: "milk", name: "Milk", quantity: 1, aisle: .dairy),
        GroceryItem(id: "eggs", name: "Eggs", quantity: 12, aisle: .dairy),
        GroceryItem(id: "bread", name: "Bread", quantity: 1, aisle: .bakery),
        GroceryItem(id: "oat-milk", name: "Oat Milk", quantity: 2, aisle: .dairy),
    ]

    var items: [GroceryItem] { lock.withLock { stored } }

    func add(_ name: String, quantity: Int, aisle: Aisle) -> GroceryItem {
        let item = GroceryItem(id: name.lowercased(), name: name, quantity: quantity, aisle: aisle)
        lock.withLock { stored.append(item) }
        return item
    }

    func remove(_ item: GroceryItem) {
        lock.withLock { stored.removeAll { $0.id == item.id } }
    }

    func removeAll() -> Int {
        lock.withLock {
            defer { stored.removeAll() }
            return stored.count
        }
    }
}
