import Foundation
import SystemCalls
import SystemStore

/// A shortcut suggested for a moment, with why.
public struct Suggestion: Sendable {
    public var app: String
    public var action: ShortcutAction
    /// The latest donation of this shortcut: what `intents shortcuts add --donation` takes.
    public var donation: String?
    public var score: Double
    /// How many donations of it were counted.
    public var occurrences: Int
    /// True when the app marked it relevant for this moment (`INRelevantShortcutStore`).
    public var isRelevantNow: Bool
}

/// Ranks donated shortcuts for a moment: a donation counts more the closer its hour is to the
/// moment's hour (a Gaussian with a one-hour spread, hours wrapping at midnight), fully on the
/// same weekday and 0.3 on other days, and less as it ages (half its weight every 30 days).
/// Donations after the moment do not count. Shortcuts an app marked relevant for the moment
/// come first.
public struct SuggestionRanker: Sendable {
    public var calendar: Calendar
    public var halfLife: TimeInterval = 30 * 86_400
    public var otherWeekdayWeight = 0.3
    public var hourSpread = 1.0

    public init(calendar: Calendar = .current) {
        self.calendar = calendar
    }

    /// The best `limit` suggestions at `moment`, best first.
    public func rank(donations: [Donation], relevant: [(app: String, action: RelevantShortcutRecord)] = [],
                     at moment: Date, limit: Int = 5) -> [Suggestion] {
        let now = calendar.dateComponents([.weekday, .hour, .minute], from: moment)
        let nowHour = Double(now.hour ?? 0) + Double(now.minute ?? 0) / 60
        var byShortcut: [String: Suggestion] = [:]
        var order: [String] = []
        for donation in donations where donation.date <= moment {
            let key = donation.app + "\u{1F}" + donation.action.summary
            let then = calendar.dateComponents([.weekday, .hour, .minute], from: donation.date)
            let thenHour = Double(then.hour ?? 0) + Double(then.minute ?? 0) / 60
            let distance = min(abs(nowHour - thenHour), 24 - abs(nowHour - thenHour))
            let timeWeight = exp(-distance * distance / (2 * hourSpread * hourSpread)) * (then.weekday == now.weekday ? 1 : otherWeekdayWeight)
            let recency = pow(0.5, moment.timeIntervalSince(donation.date) / halfLife)
            if byShortcut[key] == nil {
                order.append(key)
                byShortcut[key] = Suggestion(app: donation.app, action: donation.action, donation: nil, score: 0, occurrences: 0, isRelevantNow: false)
            }
            byShortcut[key]!.score += timeWeight * recency
            byShortcut[key]!.occurrences += 1
            byShortcut[key]!.donation = donation.identifier
        }
        for (app, shortcut) in relevant where shortcut.intervals.isEmpty || shortcut.intervals.contains(where: { $0.contains(moment) }) {
            let key = app + "\u{1F}" + shortcut.action.summary
            if byShortcut[key] == nil {
                order.append(key)
                byShortcut[key] = Suggestion(app: app, action: shortcut.action, donation: nil, score: 0, occurrences: 0, isRelevantNow: true)
            }
            byShortcut[key]!.isRelevantNow = true
        }
        let ranked = order.compactMap { byShortcut[$0] }.enumerated().sorted { left, right in
            if left.element.isRelevantNow != right.element.isRelevantNow { return left.element.isRelevantNow }
            if left.element.score != right.element.score { return left.element.score > right.element.score }
            return left.offset < right.offset
        }
        return ranked.prefix(limit).map(\.element)
    }
}
