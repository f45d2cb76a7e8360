import AppIntents

struct CheckOffItemIntent: AppIntent {
    static var title: LocalizedStringResource = "Check Off Item"
    static var description = IntentDescription("Removes an item you picked up from your list.")

    @Parameter(title: "Item", requestDisambiguationDialog: "Which item did you pick up?")
    var item: GroceryItem

    static var parameterSummary: some ParameterSummary {
        Summary("Check off \(\.$item)")
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        GroceryList.shared.remove(item)
        return .result(dialog: "Checked off \(item.name).")
    }
}
