import AppIntents

struct GroceryShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: AddItemIntent(),
            phrases: [
                "Add an item to \(.applicationName)",
                "Add to my \(.applicationName) list",
            ],
            shortTitle: "Add Item",
            systemImageName: "cart.badge.plus"
        )
        AppShortcut(
            intent: CheckOffItemIntent(),
            phrases: [
                "Check off \(\.$item) in \(.applicationName)",
                "I got \(\.$item) with \(.applicationName)",
            ],
            shortTitle: "Check Off",
            systemImageName: "checkmark.circle"
        )
        AppShortcut(
            intent: ListItemsIntent(),
            phrases: ["What's on my \(.applicationName) list"],
            shortTitle: "List",
            systemImageName: "list.bullet"
        )
        AppShortcut(
            intent: ClearListIntent(),
            phrases: ["Clear my \(.applicationName) list"],
            shortTitle: "Clear",
            systemImageName: "trash"
        )
    }

    static var shortcutTileColor: ShortcutTileColor = .lime
}

public struct GroceryKitPackage: AppIntentsPackage {}
