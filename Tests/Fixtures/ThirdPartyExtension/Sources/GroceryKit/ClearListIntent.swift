import AppIntents

struct ClearListIntent: AppIntent {
    static var title: LocalizedStringResource = "Clear List"
    static var description = IntentDescription("Removes every item from your grocery list.")
    static var authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(result: .result(dialog: "Remove every item from your list?"))
        let removed = GroceryList.shared.removeAll()
        return .result(dialog: "Removed \(removed) items.")
    }
}
