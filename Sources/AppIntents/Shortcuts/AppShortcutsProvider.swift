import Intents

/// The type that lists an app's App Shortcuts, in the order they are shown (at most 10).
///
///     struct MeditationShortcuts: AppShortcutsProvider {
///         static var appShortcuts: [AppShortcut] {
///             AppShortcut(intent: StartMeditationIntent(), phrases: ["Start a \(.applicationName)"])
///         }
///     }
public protocol AppShortcutsProvider: Sendable {
    /// The app's App Shortcuts, in the order shown. Read in the extension when the host describes
    /// its App Intents, which it does once and caches; `updateAppShortcutParameters()` has the
    /// entity queries asked again, not this list.
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
    /// The color of the app's shortcut tiles in the Shortcuts app; `.navy` by default, unused here.
    static var shortcutTileColor: ShortcutTileColor { get }
}

extension AppShortcutsProvider {
    public static var shortcutTileColor: ShortcutTileColor { .navy }

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
    /// Takes one `AppShortcut` line of the list.
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    /// Takes an array of shortcuts as one line, keeping their order.
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    /// Joins the lines in source order.
    public static func buildBlock(_ groups: [AppShortcut]...) -> [AppShortcut] { groups.flatMap { $0 } }
    /// An `if` without `else`: its shortcuts when the condition holds, none otherwise.
    public static func buildOptional(_ group: [AppShortcut]?) -> [AppShortcut] { group ?? [] }
    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first group: [AppShortcut]) -> [AppShortcut] { group }
    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second group: [AppShortcut]) -> [AppShortcut] { group }
    /// A `for` loop: every iteration's shortcuts, in order.
    public static func buildArray(_ groups: [[AppShortcut]]) -> [AppShortcut] { groups.flatMap { $0 } }
    /// An `if #available` branch, taken as it is.
    public static func buildLimitedAvailability(_ group: [AppShortcut]) -> [AppShortcut] { group }
}
