// swift-tools-version: 6.1
import PackageDescription

/// Settings shared by the project's own modules.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// Extensions are written the way SiriKit code is written (NSObject handlers, completion
/// handlers), so they build in the Swift 5 language mode, as such code does today.
let extensionSettings: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "intents",
    platforms: [.macOS(.v15)],
    products: [
        // The command: a client of `intents serve` when one runs, else it becomes `intents-host`.
        .executable(name: "intents", targets: ["intents"]),
        // The host itself: every command embedded, and `intents serve`.
        .executable(name: "intents-host", targets: ["intents-host"]),
        .executable(name: "intents-extension", targets: ["intents-extension"]),
        // The small C launcher in front of each runner: its session, pids cgroup and namespaces.
        .executable(name: "intents-sandbox", targets: ["intents-sandbox"]),
        // The sample apps, playing the containing apps of the sample extensions.
        .executable(name: "pizza", targets: ["pizza"]),
        .executable(name: "monkeychat", targets: ["monkeychat"]),
        .executable(name: "meditation", targets: ["meditation"]),
        .library(name: "Intents", targets: ["Intents"]),
        .library(name: "AppIntents", targets: ["AppIntents"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "Contacts", targets: ["Contacts"]),
        // The host in its layers: bundle model, policy, extension processes, engine, tools.
        .library(name: "IntentsHost", targets: ["HostBundles", "HostPolicy", "ExtensionProcesses", "IntentsHost", "HostTools"]),
        .library(name: "IntentsTesting", targets: ["IntentsTesting"]),
        // The typed host API's client: catalog, conversations, entity queries, status.
        .library(name: "IntentsClient", targets: ["IntentsClient"]),
        .library(name: "AppIntentsTesting", targets: ["AppIntentsTesting"]),
        .library(name: "SiriEvaluations", targets: ["SiriEvaluations"]),
        .library(name: "SharedKit", targets: ["SharedKit"]),
        // Sample extensions: each a shared library that links its own copy of the SDK.
        .library(name: "MonkeyChatIntents", type: .dynamic, targets: ["MonkeyChatIntents"]),
        .library(name: "PizzaIntents", type: .dynamic, targets: ["PizzaIntents"]),
        // The Meditation sample's App Intents extension (WWDC22's "Implement App Shortcuts").
        .library(name: "MeditationIntents", type: .dynamic, targets: ["MeditationIntents"]),
        // A sample that attacks its own sandbox on request, to show that every attack fails.
        .library(name: "SandboxTesterIntents", type: .dynamic, targets: ["SandboxTesterIntents"]),
        // A misbehaving extension the tests use: it crashes or hangs on request.
        .library(name: "FaultyIntents", type: .dynamic, targets: ["FaultyIntents"]),
        // A one-parameter extension the benchmarks drive.
        .library(name: "EchoIntents", type: .dynamic, targets: ["EchoIntents"]),
        .library(name: "FixtureNotesIntents", type: .dynamic, targets: ["FixtureNotesIntents"]),
        // An extension whose handlers complete on the main thread (main actor, main queue, run loop).
        .library(name: "MainThreadIntents", type: .dynamic, targets: ["MainThreadIntents"]),
        // An extension whose intent class is in a framework it links (SharedGreetings).
        .library(name: "SharedFrameworkIntents", type: .dynamic, targets: ["SharedFrameworkIntents"]),
        .executable(name: "intents-bench", targets: ["intents-bench"]),
        // `intents mcp`: the installed intents as MCP tools for AI agents (the `intents` command runs it).
        .executable(name: "intents-mcp", targets: ["intents-mcp"]),
        // Xcode's intent code generation: the generator and the build plugin that runs it.
        .executable(name: "intents-codegen", targets: ["intents-codegen"]),
        .library(name: "IntentDefinitionCodegen", targets: ["IntentDefinitionCodegen"]),
        .plugin(name: "IntentDefinitionGenerator", targets: ["IntentDefinitionGenerator"]),
        // App Intents metadata extracted from a target's sources at build time, into its library's
        // intents_appintents section (as Xcode's build writes Metadata.appintents): the extractor and its plugin.
        .executable(name: "intents-appintents-metadata", targets: ["intents-appintents-metadata"]),
        .plugin(name: "AppIntentsMetadata", targets: ["AppIntentsMetadata"]),
        .plugin(name: "LayOutBundles", targets: ["LayOutBundles"]),
        .executable(name: "intents-bundles", targets: ["intents-bundles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Latency percentiles of the load benchmark.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Only the App Intents metadata extractor (a build tool) and its tests use it.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        // The MCP bridge (`intents mcp`) only.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // Frames and the wire coding, with no Foundation: the `intents` client links only this
        // and LocalAPI, so that a command served by a running host starts in a few milliseconds.
        .target(name: "Framing", swiftSettings: strictSettings),
        .target(name: "ExtensionProtocol", dependencies: ["Framing"], swiftSettings: strictSettings),
        // The local API of `intents serve`: its messages (the typed host API) and how a client finds
        // and reaches it. No Foundation, here or in what it depends on: the `intents` client links it.
        .target(name: "LocalAPI", dependencies: ["Framing", "ExtensionProtocol"], swiftSettings: strictSettings),
        // Deadlines in real time or on a manual clock a test moves (the watcher, extension steps,
        // apps' system calls). No Foundation: the SDK links it.
        .target(name: "Deadlines", swiftSettings: strictSettings),
        // A named thread of its own for work that blocks (spawning runners, waiting for the
        // system store's lock), so that it never holds a thread of the concurrency pool.
        .target(name: "WorkerThreads", swiftSettings: strictSettings),
        // The SiriKit domains as data: the SDK's system intents are generated from it, and the
        // host's policies (authorization, always restricted while locked, confirmation) read it.
        .target(name: "SiriKitDomains", swiftSettings: strictSettings),
        .target(name: "IntentDefinitionCodegen", dependencies: ["ExtensionProtocol", "SiriKitDomains"], swiftSettings: strictSettings),
        .executableTarget(name: "intents-codegen", dependencies: ["IntentDefinitionCodegen"], swiftSettings: strictSettings),
        .plugin(name: "IntentDefinitionGenerator", capability: .buildTool(), dependencies: ["intents-codegen"],
                path: "Plugins/BuildTools/IntentDefinitionGenerator"),
        .plugin(name: "SiriKitDomainGenerator", capability: .buildTool(), dependencies: ["intents-codegen"],
                path: "Plugins/BuildTools/SiriKitDomainGenerator"),
        // Reads a module's App Intents declarations from its sources (swift-syntax), as Apple's
        // appintentsmetadataprocessor does, into a CompiledAppIntents record.
        .target(name: "AppIntentsMetadataExtraction", dependencies: [
            "ExtensionProtocol",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ], swiftSettings: strictSettings),
        .executableTarget(name: "intents-appintents-metadata", dependencies: [
            "AppIntentsMetadataExtraction", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strictSettings),
        .plugin(name: "AppIntentsMetadata", capability: .buildTool(), dependencies: ["intents-appintents-metadata"],
                path: "Plugins/BuildTools/AppIntentsMetadata"),
        // The SDK mirrors Apple's pre-concurrency classes (NSObject, completion handlers): Swift 5 mode.
        // The subset of Contacts that people and places need (CNContact, CNPostalAddress).
        .target(name: "Contacts", swiftSettings: strictSettings + extensionSettings),
        // The subset of Core Location that intents carry (CLPlacemark, CLLocation).
        .target(name: "CoreLocation", dependencies: ["Contacts"], swiftSettings: strictSettings + extensionSettings),
        // Its system calls go to a server (started on demand through IntentsClient), never to the
        // system store: an extension library that uses only the SDK links no SQLite.
        .target(name: "Intents", dependencies: ["ExtensionProtocol", "SystemCalls", "CoreLocation", "Contacts", "LocalAPI", "IntentsClient", "Deadlines"],
                swiftSettings: strictSettings + extensionSettings, plugins: ["SiriKitDomainGenerator"]),
        // App Intents (AppIntent, @Parameter, AppEntity, App Shortcuts): Swift 5 mode, like Intents, whose request
        // handler finds this module's responder by name.
        // App Intents' value conversion, shared by the SDK and the test library (as Apple's
        // AppIntentsTypeSupport is): `IntentValueConvertible`, entity identifiers.
        .target(name: "AppIntentsTypeSupport", dependencies: ["ExtensionProtocol"], swiftSettings: strictSettings),
        .target(name: "AppIntents", dependencies: ["Intents", "ExtensionProtocol", "AppIntentsTypeSupport"],
                swiftSettings: strictSettings + extensionSettings),
        // pidfd and epoll for the host's child processes (Swift's Glibc module imports neither).
        .target(name: "CChildProcess"),
        // The host in layers, each depending only on those above it here. The bundle model: app and
        // extension bundles, their plists and entitlements, the scan and its validation, the apps-folder
        // watcher, sealed libraries, installed App Shortcuts, and the host's error (`HostError`, with the
        // policy rule that refused a request). No engine, no policy.
        // Lays bundles out from a package's Info/ and build products: for `intents` after
        // `swift build`, and for a test library (no database or crypto needed).
        .target(name: "BundleLayout", dependencies: ["ExtensionProtocol"], swiftSettings: strictSettings),
        .executableTarget(name: "intents-bundles", dependencies: ["BundleLayout", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: strictSettings),
        // `swift package lay-out-bundles`: builds a package and lays its Info/ apps out with their libraries.
        .plugin(name: "LayOutBundles",
                capability: .command(intent: .custom(verb: "lay-out-bundles",
                                                     description: "Build, then lay out <App>.app/PlugIns/<Extension>.appex from Info/ and the build's libraries")),
                dependencies: ["intents-bundles"], path: "Plugins/Commands/LayOutBundles"),
        .target(name: "HostBundles", dependencies: ["ExtensionProtocol", "BundleLayout", "SystemStore", "SiriKitDomains", "CChildProcess", "Deadlines",
                                                    .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strictSettings),
        // Policy: the one decision (`IntentPolicy`), its rules, lock state, Siri authorization, the
        // policy matrix, and the gate (`PolicyGate`), the only maker of the clearance launchers take.
        .target(name: "HostPolicy", dependencies: ["HostBundles", "ExtensionProtocol", "SystemStore", "SiriKitDomains"],
                swiftSettings: strictSettings),
        // Extension processes: the supervisor, runners and spares, child processes, the sandbox (policy,
        // container layout, runtime folders, cgroup, probe), activity continuation, and the host's
        // configuration and metrics. Every launcher takes a `PolicyClearance`.
        .target(name: "ExtensionProcesses", dependencies: ["HostBundles", "HostPolicy", "ExtensionProtocol", "SystemStore", "CChildProcess", "LocalAPI", "Deadlines", "WorkerThreads",
                                                           .product(name: "Logging", package: "swift-log"),
                                                           .product(name: "Metrics", package: "swift-metrics")],
                swiftSettings: strictSettings),
        // The user's contacts as the host reads them (vCard files): what a spoken name is matched
        // against before an extension resolves a person, as Siri matches it.
        .target(name: "ContactBook", swiftSettings: strictSettings),
        // The engine: `IntentDispatcher` (routing, the policy gate's caller), the SiriKit and App Intents
        // conversation drivers, the App Intents catalog and entity queries.
        .target(name: "IntentsHost", dependencies: ["HostBundles", "HostPolicy", "ExtensionProcesses", "ExtensionProtocol", "SystemStore", "Deadlines",
                                                    "ContactBook",
                                                    .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        // Tools above the engine: lint, the phrase index of `intents say`, transcripts (YAML, replay,
        // comparison) and suggestions.
        .target(name: "HostTools", dependencies: ["IntentsHost", "HostBundles", "HostPolicy", "ExtensionProtocol", "SystemStore",
                                                  "SiriKitDomains", .product(name: "Yams", package: "Yams")],
                swiftSettings: strictSettings),
        // The host in a box for extension authors' tests (Swift Testing): SiriKit and App Intents in process.
        .target(name: "IntentsTesting", dependencies: ["IntentsHost", "HostBundles", "HostPolicy", "ExtensionProcesses", "Intents", "AppIntents", "ExtensionProtocol", "SystemStore", "SystemCalls"],
                swiftSettings: strictSettings),
        // The host as a service (`intents serve`): the local API, the typed host API, per-caller
        // limits, the watcher and the metrics endpoint. It knows no command line: the CLI hands
        // it the runner of forwarded commands.
        .target(name: "IntentsServer", dependencies: [
            "ExtensionProtocol", "IntentsHost", "HostBundles", "HostPolicy", "ExtensionProcesses", "HostTools", "SystemStore", "LocalAPI",
            "SiriKitDomains", "Deadlines",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ], swiftSettings: strictSettings),
        .target(name: "IntentsCLI", dependencies: [
            "ExtensionProtocol", "IntentsHost", "HostBundles", "HostPolicy", "ExtensionProcesses", "HostTools", "IntentsServer", "SystemStore",
            "LocalAPI", "CommandReports", "ContactBook",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strictSettings),
        // The typed host API for any Swift program: starts a server on demand.
        .target(name: "IntentsClient", dependencies: ["LocalAPI", "ExtensionProtocol"], swiftSettings: strictSettings),
        // The MCP bridge: the catalog as MCP tools, a tool call as a conversation run as an agent's,
        // its questions as elicitations (the official Swift SDK), a bounded stdio transport, and
        // Streamable HTTP on loopback (SwiftNIO) with a bearer token.
        .target(name: "MCPBridge", dependencies: ["IntentsClient", "LocalAPI", "ExtensionProtocol", "CommandReports", "SiriKitDomains",
                                                  .product(name: "MCP", package: "swift-sdk"),
                                                  .product(name: "NIOCore", package: "swift-nio"),
                                                  .product(name: "NIOPosix", package: "swift-nio"),
                                                  .product(name: "NIOHTTP1", package: "swift-nio"),
                                                  .product(name: "Logging", package: "swift-log")],
                swiftSettings: strictSettings),
        .executableTarget(name: "intents-mcp", dependencies: ["MCPBridge", "IntentsClient",
                                                             .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                             .product(name: "Logging", package: "swift-log")],
                          swiftSettings: strictSettings),
        // Apple's AppIntentsTesting on Linux: a client of the host API (runs go to the installed
        // extension in its sandbox), with `HostUnderTest` to set the test's host up.
        .target(name: "AppIntentsTesting", dependencies: ["AppIntentsTypeSupport", "IntentsClient", "LocalAPI", "ExtensionProtocol", "BundleLayout"],
                swiftSettings: strictSettings),
        // Apple's SiriEvaluations for what the host understands: scenarios of phrases, played
        // through its phrase matching, recorded and graded.
        .target(name: "SiriEvaluations", dependencies: ["AppIntentsTesting", "AppIntentsTypeSupport", "IntentsClient", "LocalAPI", "ExtensionProtocol",
                                                        "CommandReports"],
                swiftSettings: strictSettings),
        // Linked statically (Swift's runtime and libc included): a served command's whole process
        // then starts in about 2 ms instead of 7 ms for the same client linked dynamically.
        // What `intents` prints (conversation reports, exit codes, JSON), with no Foundation:
        // the client and the embedded host print the same bytes.
        .target(name: "CommandReports", dependencies: ["LocalAPI", "ExtensionProtocol"], swiftSettings: strictSettings),
        .executableTarget(name: "intents", dependencies: ["LocalAPI", "IntentsClient", "CommandReports"], swiftSettings: strictSettings,
                          linkerSettings: [.unsafeFlags(["-static-executable"])]),
        .executableTarget(name: "intents-host", dependencies: ["IntentsCLI", "ExtensionProtocol"], swiftSettings: strictSettings),
        // The sandbox's system-call glue (Landlock, seccomp through libseccomp, namespaces, capabilities).
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        .target(name: "ExtensionRunner", dependencies: ["ExtensionProtocol", "CSandbox"], swiftSettings: strictSettings),
        .executableTarget(name: "intents-extension", dependencies: ["ExtensionRunner"], swiftSettings: strictSettings),
        // Linked only against libc: the Swift runtime the toolchain adds to every executable is
        // unused here and dropped (--as-needed), so that each keeper and init stays small.
        .executableTarget(name: "intents-sandbox", linkerSettings: [.unsafeFlags(["-static-executable"])]),
        // A raw SQLite connection shared by the app-group store and the host's system store, linked
        // against the system's libsqlite3 (GRDB's module map): only the host, apps and extensions
        // that use SharedKit's store link it.
        .target(name: "SQLiteSupport", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")],
                swiftSettings: strictSettings),
        // The host's system store (donations, shortcuts, vocabulary, authorizations): the host is
        // its one writer (apps reach it through the server's API, never by opening it).
        .target(name: "SystemStore", dependencies: ["ExtensionProtocol", "SQLiteSupport", "LocalAPI", "SystemCalls", "WorkerThreads"],
                swiftSettings: strictSettings),
        // The system calls an app makes (donate, vocabulary, shortcuts, authorization, app groups)
        // and the records they carry, with the state folder's rule: what the SDK and the host
        // share, with no store behind it.
        .target(name: "SystemCalls", dependencies: ["ExtensionProtocol", "LocalAPI"], swiftSettings: strictSettings),
        // SQLite's default VFS, made to refuse symlinks for the databases it is told of (GRDB
        // cannot pass SQLITE_OPEN_NOFOLLOW).
        .target(name: "SQLiteNoFollow", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "SharedKit", dependencies: ["ExtensionProtocol", "SQLiteSupport", "SQLiteNoFollow", "LocalAPI",
                                                  .product(name: "GRDB", package: "GRDB.swift")],
                path: "SharedKit", exclude: ["SampleIntents", "Meditation"], swiftSettings: strictSettings),
        // The sample apps' custom intents, shared by each app (which donates them) and its
        // extension (which handles them), as Xcode shares generated intent classes.
        .target(name: "SampleIntents", dependencies: ["Intents", "SharedKit"], path: "SharedKit/SampleIntents",
                swiftSettings: extensionSettings, plugins: ["IntentDefinitionGenerator"]),
        // The Meditation sample's App Intents, entity and App Shortcuts, shared by the app (whose
        // model calls updateAppShortcutParameters()) and its extension (which performs them).
        .target(name: "MeditationKit", dependencies: ["AppIntents", "SharedKit", "Intents"], path: "SharedKit/Meditation",
                swiftSettings: extensionSettings, plugins: ["AppIntentsMetadata"]),

        .target(name: "MonkeyChatIntents", dependencies: ["Intents", "SharedKit"],
                path: "Plugins/Samples/MonkeyChatIntents", exclude: ["Transcripts"], swiftSettings: extensionSettings),
        .target(name: "PizzaIntents", dependencies: ["Intents", "SampleIntents", "SharedKit"],
                path: "Plugins/Samples/PizzaIntents", exclude: ["Transcripts"], swiftSettings: extensionSettings),
        .target(name: "MeditationIntents", dependencies: ["MeditationKit", "AppIntents", "Intents", "SharedKit"],
                path: "Plugins/Samples/MeditationIntents", exclude: ["Transcripts"], swiftSettings: extensionSettings,
                plugins: ["AppIntentsMetadata"]),
        .target(name: "SandboxAttacks", path: "Plugins/Samples/SandboxAttacks"),
        .target(name: "SandboxTesterIntents", dependencies: ["Intents", "SandboxAttacks", "SharedKit"],
                path: "Plugins/Samples/SandboxTesterIntents", swiftSettings: extensionSettings),
        .target(name: "FaultyIntents", dependencies: ["Intents"],
                path: "Tests/Fixtures/FaultyIntents", swiftSettings: extensionSettings),

        .target(name: "EchoIntents", dependencies: ["Intents", "AppIntents"],
                path: "Tests/Fixtures/EchoIntents", swiftSettings: extensionSettings, plugins: ["AppIntentsMetadata"]),
        // A notes app's App Intents extension, for the AppIntentsTesting tests (its plists in
        // Tests/Fixtures/NotesInfo).
        .target(name: "FixtureNotesIntents", dependencies: ["AppIntents"],
                path: "Tests/Fixtures/FixtureNotesIntents", swiftSettings: extensionSettings, plugins: ["AppIntentsMetadata"]),
        .target(name: "MainThreadIntents", dependencies: ["Intents"],
                path: "Tests/Fixtures/MainThreadIntents", swiftSettings: extensionSettings,
                plugins: ["IntentDefinitionGenerator"]),
        .target(name: "SharedGreetings", dependencies: ["Intents"],
                path: "Tests/Fixtures/SharedGreetings", swiftSettings: extensionSettings,
                plugins: ["IntentDefinitionGenerator"]),
        .target(name: "SharedFrameworkIntents", dependencies: ["Intents", "SharedGreetings"],
                path: "Tests/Fixtures/SharedFrameworkIntents", swiftSettings: extensionSettings),
        .target(name: "IntentsBenchmarks", dependencies: ["IntentsHost", "HostBundles", "HostPolicy", "ExtensionProcesses", "HostTools", "IntentsTesting", "Intents", "EchoIntents", "SharedKit", "LocalAPI",
                                                          "IntentsClient", "AppIntentsTesting",
                                                          "IntentDefinitionCodegen",
                                                          .product(name: "GRDBSQLite", package: "GRDB.swift"),
                                                          .product(name: "Histogram", package: "hdrhistogram-swift")],
                swiftSettings: strictSettings),
        .executableTarget(name: "intents-bench", dependencies: ["IntentsBenchmarks"], swiftSettings: strictSettings),

        .executableTarget(name: "pizza", dependencies: ["SharedKit", "Intents", "SampleIntents", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: strictSettings),
        .executableTarget(name: "monkeychat", dependencies: ["SharedKit", "Intents", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: strictSettings),
        .executableTarget(name: "meditation", dependencies: ["MeditationKit", "AppIntents", "SharedKit", "Intents",
                                                            .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: strictSettings),
        .executableTarget(name: "sharedstore-tool", dependencies: ["SharedKit"], path: "Tests/Fixtures/SharedStoreTool"),
        // A test app for continued activities: it tries what the activity asks and says what happened.
        .executableTarget(name: "continuation-probe", dependencies: ["Intents", "SandboxAttacks"], path: "Tests/Fixtures/ContinuationProbe",
                          swiftSettings: extensionSettings),

        // How the tests start programs (posix_spawn, no inherited descriptors), shared by the test targets.
        .target(name: "TestPrograms", path: "Tests/TestPrograms", swiftSettings: strictSettings),
        // Bounds how many tests run at once, before Swift Testing starts (see its source).
        .target(name: "TestParallelism", path: "Tests/TestParallelism"),
        .testTarget(name: "SharedKitTests", dependencies: ["SharedKit", "TestPrograms"]),
        // Type-checks generated code against the SDK, so the SDK's modules must be built first.
        .testTarget(name: "IntentDefinitionCodegenTests", dependencies: ["IntentDefinitionCodegen", "Intents", "SiriKitDomains", "TestPrograms"]),
        .testTarget(name: "ExtensionProtocolTests", dependencies: ["ExtensionProtocol"]),
        // The extractor on sources written as apps write them, and the records in the built sample libraries
        // against what the SDK describes at run time (MeditationKit linked here for that).
        .testTarget(name: "AppIntentsMetadataExtractionTests", dependencies: ["AppIntentsMetadataExtraction", "ExtensionProtocol", "Intents", "MeditationKit"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "Contacts", "CoreLocation", "IntentsTesting", "ExtensionProtocol", "SystemStore", "SystemCalls", "SharedGreetings",
                                                     "SiriKitDomains", "AppIntents", "Deadlines"],
                    swiftSettings: extensionSettings),
        // Tests in Apple's AppIntentsTesting style, run against real extension processes.
        .testTarget(name: "AppIntentsTestingTests", dependencies: ["AppIntentsTesting", "SiriEvaluations", "Intents"]),
        .testTarget(name: "AppIntentsTests", dependencies: ["AppIntents", "Intents", "ExtensionProtocol"],
                    swiftSettings: extensionSettings),
        .testTarget(name: "IntentsHostTests", dependencies: ["IntentsHost", "HostBundles", "HostPolicy", "ExtensionProcesses", "HostTools", "TestPrograms", "TestParallelism",
                                                         "IntentsTesting", "Intents", "IntentsCLI", "IntentsServer", "SharedKit", "LocalAPI",
                                                         "IntentsClient", "SystemStore", "SystemCalls", "SQLiteSupport", "SiriKitDomains", "CommandReports", "Deadlines",
                                                         "ContactBook", "WorkerThreads", "MCPBridge", "BundleLayout",
                                                         .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log")]),
    ]
)
