import AppIntents

/// For the app's own use (its debug menu runs it); never offered to the user.
struct ResetDemoDataIntent: AppIntent {
    static var title: LocalizedStringResource = "Reset Demo Data"
    static var isDiscoverable: Bool = false

    func perform() async throws -> some IntentResult & ProvidesDialog {
        _ = GroceryList.shared.removeAll()
        return .result(dialog: "The demo data is reset.")
    }
}
