// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets for the host's parsers. Built only by `run.sh`, with `-sanitize=fuzzer`:
/// each executable hands its `main` to libFuzzer's driver (see `FuzzDriver`).
let fuzzTargets = ["FuzzFrames", "FuzzWire", "FuzzBundlePlist", "FuzzVocabulary", "FuzzPhrases", "FuzzIntentDefinition", "FuzzLibraryTypes", "FuzzCompiledAppIntents"]

let package = Package(
    name: "intents-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "intents", path: "../..")],
    targets: [
        .target(name: "FuzzDriver", dependencies: [.product(name: "IntentsHost", package: "intents")]),
    ] + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["FuzzDriver", .product(name: "IntentsHost", package: "intents")]
                              + (name == "FuzzIntentDefinition" ? [.product(name: "IntentDefinitionCodegen", package: "intents")] : []),
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
