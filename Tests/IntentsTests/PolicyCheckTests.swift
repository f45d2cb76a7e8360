import Intents
import IntentsTesting
import Testing

/// `PolicyCase`s from `intents policy`'s matrix, run one conversation per cell.
@Suite struct PolicyCheckTests {
    /// A messaging extension that restricts sending while locked; authorization is judged per case.
    static func messagingHost(restricted: Bool = true) throws -> IntentsTestHost {
        let provider = HandlerFormTests.Provider()
        provider.make = { HandlerFormTests.AsyncHandler() }
        return try IntentsTestHost(extension: provider, supporting: ["INSendMessageIntent"],
                                   restrictedWhileLocked: restricted ? ["INSendMessageIntent"] : [])
    }

    static func sendMessage(_ host: IntentsTestHost) async throws -> SendResult {
        try await host.send("INSendMessageIntent", answers: ["hi"])
    }

    /// The mismatches of a messaging host that restricts sending while locked or not, checked
    /// against the cases of a declaration that does the other; each is recorded as a known issue.
    static func mismatchesOfHost(restricted: Bool) async throws -> [PolicyMismatch] {
        let expected = try messagingHost(restricted: !restricted).policyCases(for: "INSendMessageIntent")
        var mismatches: [PolicyMismatch] = []
        await withKnownIssue {
            mismatches = try await messagingHost(restricted: restricted).checkPolicy(expected, conversation: sendMessage)
        }
        return mismatches
    }

    @Test func casesAreTheMatrixCellsTheSourceCanInvoke() throws {
        let cases = try Self.messagingHost().policyCases(for: "INSendMessageIntent")
        // 3 lock states x 2 authorizations x 2 sources: an App Shortcut runs App Intents only.
        #expect(cases.count == 12)
        #expect(Set(cases.map(\.context.source)) == [.direct, .voiceShortcut])
        let refused = Dictionary(grouping: cases.filter { $0.verdict != .allowed }, by: \.verdict).mapValues(\.count)
        #expect(refused == [.refused(.restrictedWhileLocked): 8, .refused(.notAuthorized): 1])
        #expect(cases.filter { $0.verdict == .allowed }.map(\.description).sorted() == [
            "INSendMessageIntent, unlocked, authorized, direct: allowed",
            "INSendMessageIntent, unlocked, authorized, voice shortcut: allowed",
            "INSendMessageIntent, unlocked, not authorized, voice shortcut: allowed",
        ])
        let unknown = #expect(throws: HostError.self) { try Self.messagingHost().policyCases(for: "INStartCallIntent") }
        #expect(unknown?.message == "test.Provider has no intent named \"INStartCallIntent\"; its intents: INSendMessageIntent.")
    }

    /// The agent column on request: the user's consent to agents stands where Siri authorization
    /// does, and the lock policy applies as for a direct request; each cell does what it says.
    @Test func agentCasesComeOnRequestAndDoWhatTheySay() async throws {
        let cases = try Self.messagingHost().policyCases(for: "INSendMessageIntent", includingAgents: true)
        // 3 lock states x 2 authorizations x 3 sources.
        #expect(cases.count == 18)
        #expect(Set(cases.map(\.context.source)) == [.direct, .voiceShortcut, .agent])
        let refused = Dictionary(grouping: cases.filter { $0.verdict != .allowed }, by: \.verdict).mapValues(\.count)
        #expect(refused == [.refused(.restrictedWhileLocked): 12, .refused(.notAuthorized): 1, .refused(.agentNotAllowed): 1])
        #expect(cases.filter { $0.verdict == .allowed }.map(\.description).sorted() == [
            "INSendMessageIntent, unlocked, authorized, agent: allowed",
            "INSendMessageIntent, unlocked, authorized, direct: allowed",
            "INSendMessageIntent, unlocked, authorized, voice shortcut: allowed",
            "INSendMessageIntent, unlocked, not authorized, voice shortcut: allowed",
        ])
        let mismatches = try await Self.messagingHost().checkPolicy(cases.filter { $0.context.source == .agent }, conversation: Self.sendMessage)
        #expect(mismatches.isEmpty)
    }

    /// What an author writes: one test case per cell, each checked against the matrix.
    @Test(arguments: try messagingHost().policyCases(for: "INSendMessageIntent"))
    func eachCellDoesWhatTheMatrixSays(_ policyCase: PolicyCase) async throws {
        let run = try await Self.messagingHost().check(policyCase, conversation: Self.sendMessage)
        #expect(run.mismatch == nil)
        switch policyCase.verdict {
        case .allowed:
            #expect(run.result?.code == "success")
            #expect(run.extensionRequestCount > 0)
        case .refused(let rule):
            #expect(run.refusal?.policyRule == rule)
            #expect(run.extensionRequestCount == 0)
        }
    }

    @Test func oneCallChecksEveryCell() async throws {
        let mismatches = try await Self.messagingHost().checkPolicy(for: "INSendMessageIntent", conversation: Self.sendMessage)
        #expect(mismatches.isEmpty)
    }

    /// The plist's restriction was dropped: the matrix of the restricted declaration says the
    /// locked cells refuse, and the host runs them; each is a mismatch, recorded as an issue.
    @Test func anExtensionThatRunsWhereItShouldBeRefusedIsAMismatch() async throws {
        let mismatches = try await Self.mismatchesOfHost(restricted: false)
        #expect(mismatches.count == 8)
        #expect(Set(mismatches.map(\.policyCase.context.lockState)) == [.locked, .lockedBeforeFirstUnlock])
        let first = try #require(mismatches.first)
        #expect(first.description.hasPrefix("INSendMessageIntent in \(first.policyCase.context.lockState.rawValue), authorized, direct: intents policy says refused (restricted-while-locked), but it was not refused: the extension received "))
        #expect(first.description.hasSuffix(" requests and answered success."))
    }

    /// The other way: the host refuses where the matrix allows, by a rule it names.
    @Test func aRefusalWhereTheMatrixAllowsIsAMismatch() async throws {
        let mismatches = try await Self.mismatchesOfHost(restricted: true)
        // Per locked state: the three cells the matrix allows (authorized, or from a voice
        // shortcut), and the one it refuses for want of authorization, which lock policy refuses first.
        #expect(mismatches.count == 8)
        #expect(mismatches.filter { $0.policyCase.verdict == .allowed }.allSatisfy {
            $0.observed.hasPrefix("the request was refused (restricted-while-locked): Refused by policy (rule restricted-while-locked; ")
        })
        #expect(mismatches.filter { $0.policyCase.verdict == .refused(.notAuthorized) }.map(\.policyCase.context.lockState) == [.locked, .lockedBeforeFirstUnlock])
        #expect(mismatches.filter { $0.policyCase.verdict != .allowed }.allSatisfy { $0.observed.hasPrefix("it was refused by restricted-while-locked: ") })
    }

    /// A conversation that does not send the case's intent never reaches the extension.
    @Test func aConversationThatNeverReachesTheExtensionIsAMismatch() async throws {
        let host = try Self.messagingHost()
        let allowed = try #require(host.policyCases(for: "INSendMessageIntent").first { $0.verdict == .allowed })
        var run: PolicyRun?
        await withKnownIssue {
            run = try await host.check(allowed) { _ in try await Self.sendMessage(Self.messagingHost()) }
        }
        #expect(run?.mismatch?.observed == "the conversation never reached the extension")
    }
}
