import ArgumentParser
import CommandReports
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

    func run() async throws {
        guard case .suggestions(let listing) = try await global.records(.suggestions(limit: limit), json: json, now: at.flatMap(Self.parse) ?? Date()) else {
            return
        }
        listing.warnings.forEach(printError)
        if json {
            writeOutput(RecordsReport.json(listing).text + "\n")
        } else {
            RecordsReport.lines(listing).forEach(printLine)
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
