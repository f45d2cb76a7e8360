import Foundation
import SystemCalls

/// What a relevant shortcut is for.
public enum INRelevantShortcutRole: Int, Sendable {
    /// `action`: the shortcut does something (order the usual). `information`: it shows something
    /// (today's sessions). Stored with the shortcut; `intents suggestions` ranks both alike.
    case action = 0, information = 1
}

/// When a shortcut is relevant. Only date intervals exist on Linux (no location, no routine).
open class INRelevanceProvider: NSObject {}

/// Relevant between two dates.
public final class INDateRelevanceProvider: INRelevanceProvider {
    /// When the shortcut starts being relevant.
    public let startDate: Date
    /// When it stops being relevant; nil for open-ended. An end before the start counts as the start.
    public let endDate: Date?

    /// Relevant from `startDate` until `endDate`, or from then on when `endDate` is nil.
    public init(start startDate: Date, end endDate: Date?) {
        self.startDate = startDate
        self.endDate = endDate
        super.init()
    }
}

/// A shortcut the app says is relevant, with when.
open class INRelevantShortcut: NSObject {
    /// What the shortcut runs: an intent or a user activity.
    public let shortcut: INShortcut
    /// Whether the shortcut does something or shows something; `.action` by default.
    open var shortcutRole: INRelevantShortcutRole = .action
    /// When the shortcut is relevant; only date intervals count here. With none, the shortcut
    /// is relevant at any time.
    open var relevanceProviders: [INRelevanceProvider] = []

    /// A relevant shortcut with the `.action` role and no relevance providers.
    public init(shortcut: INShortcut) {
        self.shortcut = shortcut
        super.init()
    }

    var record: RelevantShortcutRecord {
        let intervals = relevanceProviders.compactMap { $0 as? INDateRelevanceProvider }
            .map { DateInterval(start: $0.startDate, end: max($0.startDate, $0.endDate ?? .distantFuture)) }
        return RelevantShortcutRecord(action: shortcut.action, role: shortcutRole.rawValue, intervals: intervals)
    }
}

/// The app's relevant shortcuts, which `intents suggestions` ranks first while relevant.
public final class INRelevantShortcutStore: NSObject, @unchecked Sendable {
    /// The store of this process's app; calls from an extension fail.
    public static let `default` = INRelevantShortcutStore()

    /// Replaces this app's relevant shortcuts; `completionHandler` gets nil or the error.
    public func setRelevantShortcuts(_ shortcuts: [INRelevantShortcut], completionHandler: (((any Error)?) -> Void)? = nil) {
        do {
            _ = try IntentsAppContext.perform(.setRelevantShortcuts(shortcuts.map(\.record)), failing: .donatingInteraction)
            completionHandler?(nil)
        } catch {
            completionHandler?(error)
        }
    }
}
