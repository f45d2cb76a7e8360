import AppIntents

struct ListItemsIntent: AppIntent {
    static var title: LocalizedStringResource = "List Items"
    static var description = IntentDescription("Lists what is on your grocery list, by aisle.")
    static var openAppWhenRun: Bool = false

    @Parameter(title: "Aisle")
    var aisle: Aisle?

    static var parameterSummary: some ParameterSummary {
        When(\.$aisle, .hasAnyValue) {
            Summary("List items in \(\.$aisle)")
        } otherwise: {
            Summary("List all items")
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<[GroceryItem]> & ProvidesDialog {
        let items = GroceryList.shared.items.filter { aisle == nil || $0.aisle == aisle }
        let names = items.map(\.name).joined(separator: ", ")
        return .result(value: items, dialog: "\(items.count) items: \(names).")
    }
}
