import ExtensionProtocol
import Foundation
import HostTools
import IntentsHost
import SystemCalls
import SystemStore
import Testing

/// Suggestions from synthetic histories: what the user does at that hour and weekday, recent first.
@Suite struct SuggestionRankerTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// 2026-11-27 is a Friday.
    static func date(_ day: Int, _ hour: Int, _ minute: Int = 0, month: Int = 11) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute))!
    }

    static func donation(_ intent: String, at date: Date) -> Donation {
        Donation(app: "com.example.Bank", kind: .interaction, date: date, action: .intent(IntentPayload(name: intent), className: nil))
    }

    /// ATM search on Friday evenings for six weeks; coffee on weekday mornings, more often.
    static let history: [Donation] = {
        var donations: [Donation] = []
        for week in 0..<6 {
            let friday = calendar.date(byAdding: .day, value: -7 * (week + 1), to: date(27, 18, 15))!
            donations.append(donation("SearchForATMIntent", at: friday))
            for weekday in 0..<5 {
                let morning = calendar.date(byAdding: .day, value: -7 * (week + 1) + weekday - 4, to: date(27, 8, 5))!
                donations.append(donation("OrderCoffeeIntent", at: morning))
            }
        }
        return donations
    }()

    func ranked(at moment: Date, _ donations: [Donation] = Self.history) -> [String] {
        SuggestionRanker(calendar: Self.calendar).rank(donations: donations, at: moment).map(\.action.name)
    }

    @Test func fridayEveningSuggestsTheATM() {
        #expect(ranked(at: Self.date(27, 18, 30)).first == "SearchForATMIntent")
    }

    @Test func tuesdayMorningSuggestsCoffee() {
        #expect(ranked(at: Self.date(24, 8, 0)).first == "OrderCoffeeIntent")
    }

    @Test func hoursWrapAroundMidnight() {
        let late = [Self.donation("NightIntent", at: Self.date(20, 23, 50)), Self.donation("NoonIntent", at: Self.date(20, 12, 0))]
        #expect(ranked(at: Self.date(27, 0, 10), late) == ["NightIntent", "NoonIntent"])
    }

    @Test func recentHabitsOutweighOldOnes() {
        let old = (1...4).map { Self.donation("OldIntent", at: Self.date($0, 9, month: 6)) }
        let recent = (1...2).map { Self.donation("NewIntent", at: Self.date(20 + $0, 9)) }
        #expect(ranked(at: Self.date(24, 9), old + recent).first == "NewIntent")
    }

    @Test func laterDonationsAndIntervalsOutsideTheMomentDoNotCount() {
        let future = [Self.donation("FutureIntent", at: Self.date(28, 18)), Self.donation("PastIntent", at: Self.date(20, 3))]
        #expect(ranked(at: Self.date(27, 18), future) == ["PastIntent"])
        let relevant = RelevantShortcutRecord(action: .intent(IntentPayload(name: "BoardingPassIntent"), className: nil),
                                              intervals: [DateInterval(start: Self.date(27, 17), end: Self.date(27, 20))])
        let ranker = SuggestionRanker(calendar: Self.calendar)
        let during = ranker.rank(donations: Self.history, relevant: [("com.example.Air", relevant)], at: Self.date(27, 18))
        #expect(during.first?.action.name == "BoardingPassIntent")
        #expect(during.first?.isRelevantNow == true)
        let after = ranker.rank(donations: Self.history, relevant: [("com.example.Air", relevant)], at: Self.date(27, 21))
        #expect(!after.contains { $0.action.name == "BoardingPassIntent" })
    }
}
