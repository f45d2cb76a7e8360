// swift-tools-version: 6.1
// A third party's extension, in its own package, built against the Intents SDK as the README
// describes. A test builds it, bundles it and runs an intent through it.
import PackageDescription

let package = Package(
    name: "Greeter",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GreeterIntents", type: .dynamic, targets: ["GreeterIntents"]),
    ],
    dependencies: [
        .package(name: "intents", path: "../../.."),
    ],
    targets: [
        .target(name: "GreeterIntents", dependencies: [.product(name: "Intents", package: "intents")],
                swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
