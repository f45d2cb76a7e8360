// The extension's entry point, as Xcode's App Intents Extension template writes it. Its
// intents, entity and shortcuts are in GroceryKit, the package it shares with the app.
import AppIntents
import GroceryKit

@main
struct GroceryExtension: AppIntentsExtension {}

struct GroceryExtensionPackage: AppIntentsPackage {
    static var includedPackages: [any AppIntentsPackage.Type] {
        [GroceryKitPackage.self]
    }
}
