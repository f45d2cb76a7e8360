import CommandReports
import Testing

/// The note printed when several apps support an intent.
@Suite struct ConflictNoteTests {
    let claimants = (0..<100).map { "com.example.Echo\($0).Intents" }

    /// Routed by its phrase, the request needs no list to choose from: three names and a count.
    @Test func aRoutedRequestsNoteNamesThreeAndCountsTheRest() {
        let note = ConversationReport.conflictNote(intent: "EchoIntent", claimants: claimants, routedTo: "com.example.Echo0")
        #expect(note == "note: EchoIntent is supported by several apps: com.example.Echo0.Intents, com.example.Echo1.Intents, "
            + "com.example.Echo2.Intents and 97 more; this phrase belongs to com.example.Echo0, whose extension handles it.")
        let three = ConversationReport.conflictNote(intent: "EchoIntent", claimants: Array(claimants.prefix(3)), routedTo: "com.example.Echo0")
        #expect(three.contains("com.example.Echo2.Intents; this phrase"))
        let later = ConversationReport.conflictNote(intent: "EchoIntent", claimants: claimants, routedTo: "com.example.Echo50")
        #expect(later.contains("apps: com.example.Echo50.Intents, com.example.Echo0.Intents, com.example.Echo1.Intents and 97 more;"))
    }

    /// Not routed, the user must name one with --app: every claimant is named.
    @Test func anUnroutedRequestsNoteNamesEveryApp() {
        let note = ConversationReport.conflictNote(intent: "EchoIntent", claimants: claimants)
        #expect(note.contains("com.example.Echo99.Intents; say which app with --app."))
        #expect(!note.contains("more"))
    }
}
