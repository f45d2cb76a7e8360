import Foundation

/// The files `intents new` writes: a SwiftPM package with an app, one extension and its tests,
/// ready for `swift build`, `intents` and `swift test`.
struct ExtensionTemplate {
    enum Kind: String, CaseIterable {
        /// An App Intents extension: an intent and its App Shortcut, tested with AppIntentsTesting.
        case appIntents = "app-intents"
        /// A SiriKit extension: `INAddTasksIntent`, tested with IntentsTesting.
        case siriKit = "sirikit"
    }

    /// The app's name, a Swift identifier (`Notes`): the extension is `<name>Intents`.
    let name: String
    let bundleIdentifier: String
    let kind: Kind
    /// The intents SDK's checkout, which the package depends on by path.
    let sdkPath: String

    var extensionName: String { name + "Intents" }

    /// Relative path and contents of each file, in the order they are written.
    var files: [(path: String, contents: String)] {
        [("Package.swift", packageManifest),
         ("Sources/\(extensionName)/\(kind == .appIntents ? "\(extensionName).swift" : "IntentHandler.swift")", extensionSource),
         ("Info/\(name)/Info.plist", appPlist),
         ("Info/\(extensionName)/Info.plist", extensionPlist),
         ("Tests/\(extensionName)Tests/\(extensionName)Tests.swift", testSource),
         (".gitignore", ".build/\nPackage.resolved\n")]
    }

    var packageManifest: String {
        let sdkProduct = kind == .appIntents ? "AppIntents" : "Intents"
        let plugins = kind == .appIntents ? ",\n                plugins: [.plugin(name: \"AppIntentsMetadata\", package: \"intents\")]" : ""
        let testDependencies = kind == .appIntents
            ? "[.product(name: \"AppIntentsTesting\", package: \"intents\")]"
            : "[\"\(extensionName)\", .product(name: \"IntentsTesting\", package: \"intents\")]"
        return """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\(name)",
            platforms: [.macOS(.v15)],
            products: [
                // The extension's library: Info/\(extensionName)/Info.plist names it (CFBundleExecutable).
                .library(name: "\(extensionName)", type: .dynamic, targets: ["\(extensionName)"]),
            ],
            dependencies: [
                .package(name: "intents", path: "\(sdkPath)"),
            ],
            targets: [
                .target(name: "\(extensionName)", dependencies: [.product(name: "\(sdkProduct)", package: "intents")],
                        swiftSettings: [.swiftLanguageMode(.v5)]\(plugins)),
                .testTarget(name: "\(extensionName)Tests", dependencies: \(testDependencies)),
            ]
        )

        """
    }

    var extensionSource: String {
        switch kind {
        case .appIntents:
            return """
            import AppIntents

            /// The extension's entry point: the system makes it when the extension's process starts.
            @main
            struct \(extensionName)Extension: AppIntentsExtension {}

            /// Adds a note and says so; returns the note's text.
            struct AddNoteIntent: AppIntent {
                static let title: LocalizedStringResource = "Add Note"
                static let description = IntentDescription("Adds a note to \(name).")

                @Parameter(title: "Text", requestValueDialog: "What should the note say?")
                var text: String

                func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
                    .result(value: text, dialog: "Added “\\(text)” to your notes.")
                }
            }

            /// The phrases that run the intent with no setup.
            struct \(name)Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: AddNoteIntent(), phrases: ["Add a note in \\(.applicationName)"],
                                shortTitle: "Add Note", systemImageName: "note.text.badge.plus")
                }
            }

            """
        case .siriKit:
            return """
            import Foundation
            import Intents

            /// The extension's principal class (NSExtensionPrincipalClass): it hands each intent to its handler.
            class IntentHandler: INExtension {
                override func handler(for intent: INIntent) -> Any {
                    AddTasksHandler()
                }
            }

            /// Adds tasks to a list: resolves the titles, then answers with the tasks added.
            class AddTasksHandler: NSObject, INAddTasksIntentHandling {
                func resolveTaskTitles(for intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
                    guard let titles = intent.taskTitles, !titles.isEmpty else {
                        completion([.needsValue()])
                        return
                    }
                    completion(titles.map { INSpeakableStringResolutionResult.success(with: $0) })
                }

                func handle(intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
                    let response = INAddTasksIntentResponse(code: .success, userActivity: nil)
                    response.addedTasks = (intent.taskTitles ?? []).map { title in
                        INTask(title: title, status: .notCompleted, taskType: .completable, spatialEventTrigger: nil,
                               temporalEventTrigger: nil, createdDateComponents: nil, modifiedDateComponents: nil,
                               identifier: title.spokenPhrase)
                    }
                    completion(response)
                }
            }

            """
        }
    }

    var appPlist: String {
        plist("""
        \t<key>CFBundleIdentifier</key>
        \t<string>\(bundleIdentifier)</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>\(name)</string>
        \t<key>CFBundleName</key>
        \t<string>\(name)</string>
        \t<key>CFBundleVersion</key>
        \t<string>1</string>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        """)
    }

    var extensionPlist: String {
        let attributes = switch kind {
        case .appIntents:
            // The App Intents are declared by the build (the AppIntentsMetadata plugin), not here.
            "\t\t<key>NSExtensionAttributes</key>\n\t\t<dict/>"
        case .siriKit:
            """
            \t\t<key>NSExtensionPrincipalClass</key>
            \t\t<string>\(extensionName).IntentHandler</string>
            \t\t<key>NSExtensionAttributes</key>
            \t\t<dict>
            \t\t\t<key>IntentsSupported</key>
            \t\t\t<array>
            \t\t\t\t<string>INAddTasksIntent</string>
            \t\t\t</array>
            \t\t\t<key>IntentsRestrictedWhileLocked</key>
            \t\t\t<array>
            \t\t\t\t<string>INAddTasksIntent</string>
            \t\t\t</array>
            \t\t</dict>
            """
        }
        return plist("""
        \t<key>CFBundleIdentifier</key>
        \t<string>\(bundleIdentifier).Intents</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>\(name) Intents</string>
        \t<key>CFBundleExecutable</key>
        \t<string>\(extensionName)</string>
        \t<key>CFBundleVersion</key>
        \t<string>1</string>
        \t<key>CFBundlePackageType</key>
        \t<string>XPC!</string>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>com.apple.intents-service</string>
        \(attributes)
        \t</dict>
        """)
    }

    var testSource: String {
        switch kind {
        case .appIntents:
            return """
            import AppIntentsTesting
            import Testing

            /// Runs the installed extension out of process, as Siri and Shortcuts run it: `swift test`
            /// lays the bundles out from Info/ and the build, and starts an intents host of the tests' own.
            @Suite struct \(extensionName)Tests {
                let defs = IntentDefinitions(bundleIdentifier: "\(bundleIdentifier)")

                @Test func addingANoteReturnsItsText() async throws {
                    let result = try await defs.intents["AddNoteIntent"].makeIntent(text: "Buy milk").run()
                    let text: String = try result.value
                    #expect(text == "Buy milk")
                }

                @Test func withNoTextTheIntentAsks() async throws {
                    let add = defs.intents["AddNoteIntent"].makeIntent()
                    await #expect(throws: HostUnderTestError.self) { try await add.run() }
                    let result = try await add.run(answers: [.value("Call Ada")])
                    let text: String = try result.value
                    #expect(text == "Call Ada")
                }

                @Test(.hostUnderTest(lockState: .locked))
                func itRunsWhileLocked() async throws {
                    try await defs.intents["AddNoteIntent"].makeIntent(text: "Locked note").run()
                }
            }

            """
        case .siriKit:
            return """
            import IntentsTesting
            import Testing
            @testable import \(extensionName)

            /// Runs the extension's handler in the test's process, through the host's policy and conversation.
            @Suite struct \(extensionName)Tests {
                @Test func addsTheTasksNamed() async throws {
                    let host = try await IntentsTestHost(infoPlist: "Info/\(extensionName)/Info.plist", extension: IntentHandler(),
                                                         authorization: .authorized)
                    let result = try await host.send("INAddTasksIntent", parameters: [("taskTitles", "Milk,Eggs")])
                    #expect(result.code == "success")
                    #expect(result.outputs["addedTasks"]?.displayString == "Milk, Eggs")
                }

                @Test func isRefusedWhileLocked() async throws {
                    let host = try await IntentsTestHost(infoPlist: "Info/\(extensionName)/Info.plist", extension: IntentHandler(),
                                                         lockState: .locked, authorization: .authorized)
                    await #expect {
                        try await host.send("INAddTasksIntent", parameters: [("taskTitles", "Milk")])
                    } throws: { error in
                        (error as? HostError)?.policyRule == .restrictedWhileLocked
                    }
                }
            }

            """
        }
    }

    private func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }
}
