/// The color of an app's App Shortcut tiles in the Shortcuts app: `AppShortcutsProvider.shortcutTileColor`.
/// Kept for code written for Apple's systems; the host draws no tiles.
public enum ShortcutTileColor: String, Hashable, Sendable, CaseIterable {
    case blue, grape, grayBlue, grayBrown, grayGreen, lightBlue, lime, navy, orange, pink, purple, red, tangerine, teal, yellow
}
