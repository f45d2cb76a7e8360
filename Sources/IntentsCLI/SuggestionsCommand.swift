import ArgumentParser
import ExtensionProtocol
import Foundation
import HostTools
import IntentsHost
import SystemStore

struct SuggestionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggestions",
        abstract: "Rank donated shortcuts for a moment: what the user does at that hour and weekday.",
        discussion: """
        A donation counts more the closer its hour is to the moment's (one-hour spread), fully on
        the same weekday and 0.3 on other days, halving every 30 days of age. Shortcuts an app
        marked relevant now (INRelevantShortcutStore) come first; the apps' own suggestions
        (setShortcutSuggestions) are listed after.

        Examples:
          intents suggestions
          intents suggestions --at 2026-11-27T18:30 --json
        """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The moment, as YYYY-MM-DDTHH:MM in local time or ISO 8601 with a zone (default: now).", valueName: "date"))
    var at: String?
    @Option(help: "How many suggestions.") var limit = 5
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        if let at, Self.parse(at) == nil {
            throw ValidationError("--at \(at.quotedForDisplay) is not a date from 1970 to 9999; write YYYY-MM-DDTHH:MM, like 2026-11-27T18:30.")
        }
        if !(1...1000).contains(limit) { throw ValidationError("--limit \(limit) is out of range; give 1 to 1000.") }
    }

    /// The Gregorian calendar in the command's time zone.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CommandIO.current.timeZone
        return calendar
    }

    func run() async throws {
        let moment = at.flatMap(Self.parse) ?? Date()
        let store = try global.systemStore(json: json)
        let (donations, relevant, suggested) = try SystemCommandSupport.reporting(json) {
            (try store.donations(), try store.relevantShortcuts(), try store.shortcutSuggestions())
        }
        SystemCommandSupport.noteSkipped(in: store)
        let ranked = SuggestionRanker(calendar: Self.calendar).rank(donations: donations, relevant: relevant, at: moment, limit: limit)
        if json {
            JSONOutput.print([
                "at": SystemCommandSupport.timestamp(moment),
                "suggestions": ranked.map { suggestion -> [String: Any] in
                    var object: [String: Any] = ["app": suggestion.app, "score": (suggestion.score * 1000).rounded() / 1000,
                                                 "occurrences": suggestion.occurrences, "relevantNow": suggestion.isRelevantNow,
                                                 "shortcut": SystemCommandSupport.plain(suggestion.action)]
                    if let donation = suggestion.donation { object["donation"] = donation }
                    return object
                },
                "suggestedByApps": suggested.map { ["app": $0.app, "shortcut": SystemCommandSupport.plain($0.action)] },
            ])
            return
        }
        printLine("Suggestions for \(SystemCommandSupport.timestamp(moment)):")
        if ranked.isEmpty { printLine("  none: no donation happened before then.") }
        for (rank, suggestion) in ranked.enumerated() {
            let why = suggestion.isRelevantNow ? "relevant now" : String(format: "score %.3f over %d donation%@", suggestion.score, suggestion.occurrences, suggestion.occurrences == 1 ? "" : "s")
            printLine("  \(rank + 1). \(suggestion.app): \(suggestion.action.summary)  (\(why))\(suggestion.donation.map { "  donation \($0)" } ?? "")")
        }
        if !suggested.isEmpty {
            printLine("Suggested by apps (add a phrase with `intents shortcuts add`):")
            for entry in suggested { printLine("  \(entry.app): \(entry.action.summary)") }
        }
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` in local time, or ISO 8601 with a zone.
    static func parse(_ text: String) -> Date? {
        guard let date = anyDate(text), allowedDates.contains(date) else { return nil }
        return date
    }

    /// The moments `--at` takes: years 1970 to 9999 (past those, dates wrap in formatting).
    static let allowedDates = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)

    private static func anyDate(_ text: String) -> Date? {
        if let zoned = ISO8601DateFormatter().date(from: text) { return zoned }
        // Local times are the command's (a client's TZ when served).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = CommandIO.current.timeZone
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        // ISO 8601 with a zone but no seconds ("2026-11-27T18:30Z", "...T18:30+01:00").
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mmXXXXX"
        return formatter.date(from: text)
    }
}
