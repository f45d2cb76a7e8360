import HostBundles
import IntentsHost
import Testing

extension IntentsTestHost {
    /// The policy cases of `intent`: one per column of its row in `intents policy`'s matrix
    /// (lock state x authorization x source) where the source can invoke it, each with the
    /// verdict of the host's own policy code for this host's extension. The sources are Siri's
    /// (direct, voice shortcut, App Shortcut); the agent column (`intents mcp`) only when
    /// `includingAgents`, its authorization standing for the user's consent to agents.
    ///
    ///     @Test(arguments: try phoneHost().policyCases(for: "INStartCallIntent"))
    ///     func startCall(_ policyCase: PolicyCase) async throws {
    ///         try await phoneHost().check(policyCase) { try await $0.send("INStartCallIntent", answers: ["2"]) }
    ///     }
    ///
    /// - Throws: `HostError` (`.usage`) naming the intents of the extension when `intent` is not one.
    public func policyCases(for intent: String, includingAgents: Bool = false) throws -> [PolicyCase] {
        let rows = try dispatcher.policyMatrix(checksAuthorization: true).rows
        guard let row = rows.first(where: { $0.intent == intent }) else {
            throw HostError(.usage, "\(bundle.bundleIdentifier) has no intent named \(intent.quotedForDisplay); its intents: \(rows.map(\.intent).joined(separator: ", ")).")
        }
        return row.cells.filter { includingAgents || $0.context.source != .agent }.compactMap { PolicyCase(intent: intent, cell: $0) }
    }

    /// Runs `conversation` on this extension in `policyCase`'s context (a new host: `with(_:)`)
    /// and checks what it did against the case's verdict: a refused case must end in a refusal
    /// by the same rule, no request having reached the extension; an allowed case must reach
    /// the extension. A mismatch is recorded as an issue at the caller, and returned in the run.
    /// - Parameters:
    ///   - policyCase: the cell to run, usually one of `policyCases(for:includingAgents:)`.
    ///   - sourceLocation: where a mismatch is recorded; leave it to its default, the caller.
    ///   - conversation: sends the case's intent on the host it is given.
    /// - Throws: what `conversation` throws in an allowed case, except a refusal by policy
    ///   (a mismatch); `HostError` as `with(_:)`.
    @discardableResult
    public func check(_ policyCase: PolicyCase, sourceLocation: SourceLocation = #_sourceLocation,
                      conversation: (IntentsTestHost) async throws -> SendResult) async throws -> PolicyRun {
        let host = try with(policyCase.context)
        let outcome: Result<SendResult, any Error>
        do {
            outcome = .success(try await conversation(host))
        } catch {
            outcome = .failure(error)
        }
        await host.dispatcher.shutdown()
        var run = PolicyRun(policyCase: policyCase, extensionRequestCount: host.extensionRequestCount)
        var failure: String?
        switch outcome {
        case .success(let result): run.result = result
        case .failure(let error as HostError) where error.code == .refusedByPolicy: run.refusal = error
        case .failure(let error) where policyCase.verdict != .allowed: failure = "\(error)"
        case .failure(let error): throw error
        }
        if let observed = Self.contradiction(of: policyCase.verdict, by: run, failure: failure) {
            let mismatch = PolicyMismatch(policyCase: policyCase, observed: observed)
            run.mismatch = mismatch
            Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
        }
        return run
    }

    /// `check(_:conversation:)` of every policy case of `intent`, one after another.
    /// - Returns: the mismatches, each also recorded as an issue at the caller.
    @discardableResult
    public func checkPolicy(for intent: String, sourceLocation: SourceLocation = #_sourceLocation,
                            conversation: (IntentsTestHost) async throws -> SendResult) async throws -> [PolicyMismatch] {
        try await checkPolicy(policyCases(for: intent), sourceLocation: sourceLocation, conversation: conversation)
    }

    /// `check(_:conversation:)` of each of `cases`, one after another: cases made by another
    /// host check this one against that host's policy.
    /// - Returns: the mismatches, each also recorded as an issue at the caller.
    @discardableResult
    public func checkPolicy(_ cases: [PolicyCase], sourceLocation: SourceLocation = #_sourceLocation,
                            conversation: (IntentsTestHost) async throws -> SendResult) async throws -> [PolicyMismatch] {
        var mismatches: [PolicyMismatch] = []
        for policyCase in cases {
            if let mismatch = try await check(policyCase, sourceLocation: sourceLocation, conversation: conversation).mismatch {
                mismatches.append(mismatch)
            }
        }
        return mismatches
    }

    /// What `run` did that `verdict` does not allow, in a clause; nil when it agrees.
    private static func contradiction(of verdict: PolicyCase.Verdict, by run: PolicyRun, failure: String?) -> String? {
        let requests = "\(run.extensionRequestCount) request\(run.extensionRequestCount == 1 ? "" : "s")"
        switch (verdict, run.refusal) {
        case (.allowed, let refusal?):
            return "the request was refused (\(refusal.policyRule?.rawValue ?? "no rule")): \(refusal.message)"
        case (.allowed, nil):
            return run.extensionRequestCount == 0 ? "the conversation never reached the extension" : nil
        case (.refused(let rule), let refusal?):
            if refusal.policyRule != rule { return "it was refused by \(refusal.policyRule?.rawValue ?? "no rule"): \(refusal.message)" }
            return run.extensionRequestCount == 0 ? nil : "the extension received \(requests) before the refusal"
        case (.refused, nil):
            if let failure { return "it was not refused by policy: the extension received \(requests), then \(failure)" }
            return "it was not refused: the extension received \(requests) and answered \(run.result?.code ?? "nothing")"
        }
    }
}
