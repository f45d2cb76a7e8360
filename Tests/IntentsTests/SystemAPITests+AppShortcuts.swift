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

        // In an extension it succeeds and records nothing: the host gathers the values again
        // after each App Intent of the app, which is where an extension calls it.
        IntentsAppContext.isExtension = true
        defer { IntentsAppContext.isExtension = false }
        #expect(throws: Never.self) { try AppShortcutParameters.update() }
        MonkeyChatShortcuts.updateAppShortcutParameters()
        #expect(try store.appShortcutParameterGeneration(app: "com.example.MonkeyChat") == 2)
    }
}
