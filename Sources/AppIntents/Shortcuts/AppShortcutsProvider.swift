import Intents

/// The type that lists an app's App Shortcuts, in the order they are shown (at most 10).
///
///     struct MeditationShortcuts: AppShortcutsProvider {
///         static var appShortcuts: [AppShortcut] {
///             AppShortcut(intent: StartMeditationIntent(), phrases: ["Start a \(.applicationName)"])
///         }
///     }
public protocol AppShortcutsProvider: Sendable {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}

extension AppShortcutsProvider {
    /// Tells the system that the values of the shortcuts' parameters changed (the entity
    /// query's `suggestedEntities()` would now give others): the system asks the query again
    /// before it next matches the phrases. Call it from the app; a failure is written to
    /// standard error, as Apple's systems log it.
    public static func updateAppShortcutParameters() {
        do {
            try AppShortcutParameters.update()
        } catch {
            FileHandle.standardError.write(Data("AppIntents: updateAppShortcutParameters() failed: \(error)\n".utf8))
        }
    }
}

/// Builds the list of App Shortcuts from one or several `AppShortcut` expressions, with `if` and `else`.
@resultBuilder
public struct AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    public static func buildBlock(_ groups: [AppShortcut]...) -> [AppShortcut] { groups.flatMap { $0 } }
    public static func buildOptional(_ group: [AppShortcut]?) -> [AppShortcut] { group ?? [] }
    public static func buildEither(first group: [AppShortcut]) -> [AppShortcut] { group }
    public static func buildEither(second group: [AppShortcut]) -> [AppShortcut] { group }
    public static func buildArray(_ groups: [[AppShortcut]]) -> [AppShortcut] { groups.flatMap { $0 } }
    public static func buildLimitedAvailability(_ group: [AppShortcut]) -> [AppShortcut] { group }
}
