import AppIntents

/// Echo's one App Shortcut, for the tests of App Shortcuts known from a build.
public struct EchoShortcuts: AppShortcutsProvider {
    public static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: EchoAppIntent(), phrases: ["Echo with \(.applicationName)"], shortTitle: "Echo", systemImageName: "speaker.wave.2")
    }
}
