import Foundation
import SystemStore

/// What a relevant shortcut is for.
public enum INRelevantShortcutRole: Int, Sendable {
    case action = 0, information = 1
}

/// When a shortcut is relevant. Only date intervals exist on Linux (no location, no routine).
open class INRelevanceProvider: NSObject {}

/// Relevant between two dates.
public final class INDateRelevanceProvider: INRelevanceProvider {
    public let startDate: Date
    public let endDate: Date?

    public init(start startDate: Date, end endDate: Date?) {
        self.startDate = startDate
        self.endDate = endDate
        super.init()
    }
}

/// A shortcut the app says is relevant, with when.
open class INRelevantShortcut: NSObject {
    public let shortcut: INShortcut
    open var shortcutRole: INRelevantShortcutRole = .action
    open var relevanceProviders: [INRelevanceProvider] = []

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
