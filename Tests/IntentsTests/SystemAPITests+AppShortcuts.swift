import AppIntents
@testable import Intents
import SystemStore
import Testing

/// An app's App Shortcuts, as the MonkeyChat app of `SystemAPITests` would declare them.
struct SayHelloIntent: AppIntent {
    static let title: LocalizedStringResource = "Say Hello"

    func perform() async throws -> some IntentResult {
        .result()
    }
}

struct MonkeyChatShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: SayHelloIntent(), phrases: ["Say hello with \(.applicationName)"])
    }
}

extension SystemAPITests {
    @Test func appShortcutParameterUpdatesAreRecordedForTheAppAlone() throws {
        #expect(try store.appShortcutParameterGeneration(app: "com.example.MonkeyChat") == 0)
        MonkeyChatShortcuts.updateAppShortcutParameters()
        try AppShortcutParameters.update()
        #expect(try store.appShortcutParameterGeneration(app: "com.example.MonkeyChat") == 2)
        #expect(try store.appShortcutParameterGeneration(app: "com.example.Other") == 0)

        IntentsAppContext.isExtension = true
        defer { IntentsAppContext.isExtension = false }
        let refused = #expect(throws: INIntentError.self) { try AppShortcutParameters.update() }
        #expect(refused?.code == .interactionOperationNotSupported)
        MonkeyChatShortcuts.updateAppShortcutParameters()
        #expect(try store.appShortcutParameterGeneration(app: "com.example.MonkeyChat") == 2)
    }
}
