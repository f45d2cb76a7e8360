import SystemCalls

/// The system call behind App Intents' `updateAppShortcutParameters()`: this app's entity values
/// changed, so the host asks its extension's entity queries again before it next matches the
/// app's App Shortcut phrases.
///
/// Linux addition, for the `AppIntents` module, which is what apps call.
public enum AppShortcutParameters {
    /// Records the request for this process's app, through `intents serve` when one runs. In an
    /// extension process it does nothing and succeeds: the host gathers the app's entity values
    /// again after each of its App Intents runs, which is where an extension calls it.
    /// - Throws: `INIntentError`: `.noAppAvailable` when the process has no app bundle,
    ///   `.noAppIntent` when the system store fails.
    public static func update() throws {
        if IntentsAppContext.isExtension { return }
        _ = try IntentsAppContext.perform(.updateAppShortcutParameters, failing: .noAppIntent)
    }
}
