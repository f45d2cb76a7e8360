import CommandReports
import ExtensionProtocol
import Foundation
import SystemCalls
import SystemStore
import Testing
import TestPrograms

/// Red-team pass on `say` and the records commands (`donations`, `shortcuts`, `suggestions`)
/// as typed host-API requests: command lines and environments where the client printed other
/// bytes than the embedded host.
extension CLITests {
    /// Runs `arguments` (with the sample apps and the state folder) embedded, then served, in
    /// `environment`, and expects the same bytes and status; returns the served run.
    @discardableResult
    func sameServedAndEmbedded(_ arguments: [String], environment: [String: String]) async throws -> Run {
        // The served mode's server, started for the sample apps.
        if server.running == nil { _ = try await intents(.served, ["status"]) }
        let line = ["--apps", try sampleAppsFolder(apps), "--state", state.path] + arguments
        let embedded = try await runCLI(line, home: state.path, environment: environment.merging(["INTENTS_NO_SERVER": "1"]) { $1 })
        let served = try await runCLI(line, home: state.path, environment: environment)
        let label = "\(environment) " + arguments.joined(separator: " ")
        #expect(served.status == embedded.status, "\(label): served \(served.stderr) embedded \(embedded.stderr)")
        #expect(served.stdout == embedded.stdout, "\(label)")
        #expect(served.stderr == embedded.stderr, "\(label)")
        return served
    }

    /// Utterances that the client's word test and the parser's (`PhraseText.words`) read alike
    /// or not: punctuation only, CJK, a letter-like symbol, a lone vowel sign.
    @Test func adversaryAnUtteranceWithoutWordsIsTheParsersToRefuseServedToo() async throws {
        for utterance in ["!!!", "日本", "\u{24B6}", "\u{093E}", "\u{0345}", "\u{17000}", "\u{FF9E}", "𝐀"] {
            for json in [false, true] {
                try await sameServedAndEmbedded(["say", utterance, "--non-interactive"] + (json ? ["--json"] : []))
            }
        }
    }

    /// The client's `TZ` names its local time as the embedded host reads it: as an identifier,
    /// with a leading colon, or as a path into the zone files.
    @Test func adversaryDonationTimesAreInTheClientsTimeZoneHoweverTZNamesIt() async throws {
        let store = try SystemStore(stateFolder: state.path)
        try store.donate(Donation(identifier: "d-1", app: "com.example.Pizza", kind: .interaction, date: Date(timeIntervalSince1970: 1_000_000),
                                  action: .intent(IntentPayload(name: "OrderPizzaIntent", parameters: ["quantity": .integer(2)]), className: nil)))
        for zone in ["Asia/Tokyo", ":Asia/Tokyo", "/usr/share/zoneinfo/Asia/Tokyo", ":/usr/share/zoneinfo/Asia/Tokyo", "JST-9", "../../etc/passwd", ""] {
            let run = try await sameServedAndEmbedded(["donations", "list"], environment: ["TZ": zone])
            #expect(run.status == 0, "\(zone): \(run.stderr)")
        }
    }

    /// A voice shortcut whose action (an app's donation: its parameters are the app's) reads
    /// longer than a frame: the server cannot tell the client what the phrase matched, and
    /// must then run nothing.
    @Test func adversaryAPhraseWhoseMatchCannotBeToldRunsNothing() async throws {
        let store = try SystemStore(stateFolder: state.path)
        let values: [IntentValue] = Array(repeating: .string("x"), count: 400_000)
        let donation = Donation(identifier: "big", app: "com.example.MonkeyChat", kind: .interaction, date: Date(timeIntervalSince1970: 1_000),
                                action: .intent(IntentPayload(name: "INSendMessageIntent", parameters: ["content": .string("hi"), "recipients": .list(values)]), className: nil))
        try store.donate(donation)
        try store.addVoiceShortcut(VoiceShortcutRecord(phrase: "big hello", app: "com.example.MonkeyChat", action: donation.action, donation: "big"))
        let served = try await intents(.served, ["say", "big hello", "--non-interactive", "--yes"])
        #expect(served.status == 1)
        #expect(served.stderr == "error: What the phrase matched is too large to send over the local API; nothing ran.\n", "\(served.stderr)")
    }

    /// A listing larger than one host-API frame (an app's donations are its own to make large:
    /// each up to a frame, a thousand of them) is printed as the embedded host prints it.
    @Test func adversaryADonationListingLargerThanAFrameIsStillPrinted() async throws {
        let store = try SystemStore(stateFolder: state.path)
        let large = String(repeating: "x", count: 300_000)
        for index in 0..<4 {
            try store.donate(Donation(identifier: "big-\(index)", app: "com.example.Pizza", kind: .interaction, date: Date(timeIntervalSince1970: 1_000 + Double(index)),
                                      action: .intent(IntentPayload(name: "OrderPizzaIntent", parameters: ["note": .string(large)]), className: nil)))
        }
        // FINDING (low, not fixed): served, the reply is refused ("A frame of 2400473 bytes
        // exceeds the maximum of 1048576 bytes", exit 1); forwarding the command line would not
        // help (a forwarded command's output frame is one write, the JSON object whole).
        await withKnownIssue("A listing is one host-API reply, at most a frame (1 MiB)") {
            for json in [false, true] {
                let run = try await sameServedAndEmbedded(["donations", "list"] + (json ? ["--json"] : []), environment: [:])
                #expect(run.status == 0, "\(run.stderr)")
            }
        }
    }
}

@Suite struct SayWordsAdversaryTests {
    /// Every scalar the client's word test takes is a word alone for the parser's
    /// (`PhraseText.words`): the client never sends an utterance the parser refuses.
    @Test func everyScalarTheClientReadsAsAWordIsOneForTheParser() {
        var words = 0
        var refused: [UInt32] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            guard SayReport.hasWords(text) else { continue }
            words += 1
            if PhraseText.words(text).isEmpty || PhraseText.words(" \(text) ").isEmpty { refused.append(value) }
        }
        #expect(words > 40_000)
        let summary = Self.ranges(refused)
        #expect(summary.isEmpty, "\(refused.count) scalars")
    }

    /// `1000-10ff` ranges of hexadecimal scalars.
    static func ranges(_ values: [UInt32]) -> String {
        var parts: [String] = []
        var start = values.first ?? 0, last = start
        for value in values.dropFirst() + [UInt32.max] {
            if value == last + 1 { last = value; continue }
            parts.append(start == last ? String(start, radix: 16) : "\(String(start, radix: 16))-\(String(last, radix: 16))")
            start = value; last = value
        }
        return values.isEmpty ? "" : parts.joined(separator: " ")
    }
}
