import AppIntents
import Foundation

struct AddItemIntent: AppIntent {
    static var title: LocalizedStringResource = "Add Item"
    static var description = IntentDescription("Adds an item to your grocery list.", categoryName: "Editing")

    @Parameter(title: "Name", requestValueDialog: "What would you like to add?")
    var name: String?

    @Parameter(title: "Quantity", default: 1, inclusiveRange: (1, 99))
    var quantity: Int

    @Parameter(title: "Aisle", default: .pantry)
    var aisle: Aisle

    static var parameterSummary: some ParameterSummary {
        Summary("Add \(\.$quantity) \(\.$name)") {
            \.$aisle
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<GroceryItem> & ProvidesDialog {
        let itemName: String
        if let name, !name.isEmpty {
            itemName = name
        } else {
            itemName = try await $name.requestValue("What would you like to add?")
        }
        guard quantity <= 24 else { throw GroceryError.quantityTooLarge(quantity) }
        if GroceryList.shared.items.contains(where: { $0.name.caseInsensitiveCompare(itemName) == .orderedSame }) {
            throw GroceryError.alreadyOnList(itemName)
        }
        let item = GroceryList.shared.add(itemName, quantity: quantity, aisle: aisle)
        return .result(value: item, dialog: "Added \(quantity) \(itemName) to your list.")
    }
}
