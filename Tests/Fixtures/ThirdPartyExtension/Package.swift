// swift-tools-version: 6.1
// A third party's extension, in its own package, built against the Intents SDK as the README
// describes. A test builds it, bundles it and runs an intent through it, and runs its own tests.
import PackageDescription

let package = Package(
    name: "Greeter",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GreeterIntents", type: .dynamic, targets: ["GreeterIntents"]),
        // A café's extension whose intent classes live in a shared framework, generated from an
        // .intentdefinition file by the SDK's build plugin.
        .library(name: "CoffeeIntents", type: .dynamic, targets: ["CoffeeIntents"]),
        // A noodle shop's extension in the style of Apple's SoupChef sample (iOS 13): a custom intent
        // whose delivery address and shop each apply under one order type (parameter relationships),
        // limits with their default reasons, the array forms of provide…Options, and a response
        // dialog that names a property of an object output.
        .library(name: "NoodleIntents", type: .dynamic, targets: ["NoodleIntents"]),
        // A to-do app's extension: INAddTasksIntent, completing on the main queue.
        .library(name: "TodoIntents", type: .dynamic, targets: ["TodoIntents"]),
        // A phone app's extension: INStartCallIntent, continued in the app.
        .library(name: "PhoneIntents", type: .dynamic, targets: ["PhoneIntents"]),
        // A meditation app's App Intents extension: the code of WWDC22's "Implement App Shortcuts
        // with App Intents" as written (an intent, an entity and its query, App Shortcuts).
        .library(name: "MindfulIntents", type: .dynamic, targets: ["MindfulIntents"]),
        // A grocery list app's App Intents extension as Xcode lays it out (EXAppExtensionAttributes,
        // Extensions/), its intents in a package shared with the app, metadata compiled in by the
        // SDK's AppIntentsMetadata plugin.
        .library(name: "GroceryIntents", type: .dynamic, targets: ["GroceryIntents"]),
        // A reading app's App Intents extension in an Intents extension's layout (PlugIns,
        // NSExtension), whose plist lists no App Intents: its build's metadata declares them.
        .library(name: "ReaderIntents", type: .dynamic, targets: ["ReaderIntents"]),
    ],
    dependencies: [
        .package(name: "intents", path: "../../.."),
    ],
    targets: [
        .target(name: "GreeterIntents", dependencies: [.product(name: "Intents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "CoffeeKit", dependencies: [.product(name: "Intents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)],
                plugins: [.plugin(name: "IntentDefinitionGenerator", package: "intents")]),
        .target(name: "CoffeeIntents", dependencies: ["CoffeeKit", .product(name: "Intents", package: "intents"),
                                                      .product(name: "CoreLocation", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "NoodleKit", dependencies: [.product(name: "Intents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)],
                plugins: [.plugin(name: "IntentDefinitionGenerator", package: "intents")]),
        .target(name: "NoodleIntents", dependencies: ["NoodleKit", .product(name: "Intents", package: "intents"),
                                                      .product(name: "CoreLocation", package: "intents"),
                                                      .product(name: "Contacts", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "TodoIntents", dependencies: [.product(name: "Intents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "PhoneIntents", dependencies: [.product(name: "Intents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "MindfulIntents", dependencies: [.product(name: "AppIntents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "GroceryKit", dependencies: [.product(name: "AppIntents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)], plugins: [.plugin(name: "AppIntentsMetadata", package: "intents")]),
        .target(name: "GroceryIntents", dependencies: ["GroceryKit", .product(name: "AppIntents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)], plugins: [.plugin(name: "AppIntentsMetadata", package: "intents")]),
        .target(name: "ReaderIntents", dependencies: [.product(name: "AppIntents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)], plugins: [.plugin(name: "AppIntentsMetadata", package: "intents")]),
        // The extensions' tests, written with IntentsTesting and Swift Testing as an author writes them.
        // The App Intents extensions' tests, written with AppIntentsTesting as Apple's documentation
        // writes them: run against the installed bundles, out of process.
        .testTarget(name: "AppIntentsTests", dependencies: [.product(name: "AppIntentsTesting", package: "intents")]),
        .testTarget(name: "ExtensionTests", dependencies: ["GreeterIntents", "TodoIntents", "PhoneIntents", "MindfulIntents",
                                                           .product(name: "IntentsTesting", package: "intents")]),
    ]
)
