import Foundation

/// A warning where Apple's app-group suites would share values and Linux's do not.
extension UserDefaults {
    /// Foundation's `init?(suiteName:)`, which warns, once per suite and process, when the suite
    /// is an app group's (`group.…`).
    ///
    /// On Apple's systems such a suite lives in the group's container, shared by the app and its
    /// extensions. On Linux, Foundation keeps every suite in the process's own preferences
    /// (`$XDG_CONFIG_HOME/<suite>.plist`, by default under `~/.config`, and only once
    /// `synchronize()` is called), so an app and its extensions never see each other's values:
    /// share them with SharedKit's `SharedStore(suiteName:)` instead. Pointing Foundation at the
    /// container is not done for you: the app would follow links an extension can plant there.
    public convenience init?(suiteName: String) {
        if suiteName.hasPrefix("group.") { AppGroupSuiteWarnings.shared.warn(about: suiteName) }
        self.init(suiteName: Optional(suiteName))
    }
}

/// The app-group suites this process was warned about, each once, on standard error.
final class AppGroupSuiteWarnings: @unchecked Sendable {
    static let shared = AppGroupSuiteWarnings()

    private let lock = NSLock()
    private var suites: Set<String> = []

    /// The suites warned about so far.
    var warned: Set<String> { lock.withLock { suites } }

    func warn(about suite: String) {
        guard lock.withLock({ suites.insert(suite).inserted }) else { return }
        FileHandle.standardError.write(Data((Self.message(for: suite) + "\n").utf8))
    }

    /// The warning, one sentence naming the suite.
    static func message(for suite: String) -> String {
        "UserDefaults(suiteName: \"\(suite)\") keeps its values in this process's own preferences, not in the app group's container, so the app and its extensions do not share them: use SharedStore(suiteName: \"\(suite)\") from SharedKit."
    }
}
