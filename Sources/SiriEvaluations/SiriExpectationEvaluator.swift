import AppIntentsTesting

/// Grades a scenario's run against its expectations: each turn's against that turn's record
/// (matched by id, so a run that stopped early never grades one turn by another's calls), the
/// scenario's against every turn.
///
/// Linux: the Evaluations framework (metrics in Xcode) is out of scope; `evaluate(_:)` returns
/// each check with whether it held and why not.
public struct SiriExpectationEvaluator: Sendable {
    public init() {}

    /// One check's grade.
    public struct Grade: Sendable, CustomStringConvertible {
        /// The turn it belongs to; nil for a scenario-level check.
        public let utterance: String?
        /// What it checks, in words.
        public let check: String
        public let passed: Bool
        /// Why it failed.
        public let reason: String?

        public var description: String {
            let scope = utterance.map { "turn \"\($0)\"" } ?? "scenario"
            return "\(passed ? "pass" : "FAIL") \(scope): \(check)\(reason.map { " — \($0)" } ?? "")"
        }
    }

    /// Every check of the scenario, graded.
    public func evaluate(_ subject: SiriScenarioSubject) async throws -> [Grade] {
        var grades: [Grade] = []
        let transcript = subject.siriTranscript
        for turn in subject.scenario.turns {
            let record = transcript.turn(for: turn)
            for check in turn.expectations {
                guard let record else {
                    grades.append(Grade(utterance: turn.utterance, check: Self.describe(check), passed: false, reason: "the run did not reach this turn"))
                    continue
                }
                grades.append(try await grade(check, invocations: record.intentInvocations.map(\.value),
                                              found: record.foundEntities.map(\.value), response: record.response.value, turn: turn.utterance))
            }
        }
        let invocations = transcript.turns.flatMap { $0.intentInvocations.map(\.value) }
        let found = transcript.turns.flatMap { $0.foundEntities.map(\.value) }
        for check in subject.scenario.expectations {
            grades.append(try await grade(check, invocations: invocations, found: found, response: nil, turn: nil))
        }
        return grades
    }

    /// Whether every check of the scenario held.
    public func passes(_ subject: SiriScenarioSubject) async throws -> Bool {
        try await evaluate(subject).allSatisfy(\.passed)
    }

    private func grade(_ check: ScenarioCheck, invocations: [IntentInvocation], found: [AnyAppEntity], response: String?,
                       turn: String?) async throws -> Grade {
        let described = Self.describe(check)
        func verdict(_ failure: String?) -> Grade {
            Grade(utterance: turn, check: described, passed: failure == nil, reason: failure)
        }
        switch check {
        case .calls(let calls):
            return verdict(try await failure(of: calls, invocations))
        case .finds(let finds):
            for (index, expectation) in finds.entities.enumerated() {
                var matched = false
                for entity in found where try await expectation.isSatisfied(by: entity) {
                    matched = true
                    break
                }
                if !matched { return verdict("expected entity \(index + 1) was not found (found: \(found.map(\.description).joined(separator: ", ")))") }
            }
            return verdict(nil)
        case .response(let expected):
            let reply = response ?? ""
            for text in expected.checks {
                let holds = text.caseSensitive ? reply.contains(text.value) : reply.lowercased().contains(text.value.lowercased())
                if !holds { return verdict("the reply does not contain \"\(text.value)\": \"\(reply)\"") }
            }
            return verdict(nil)
        }
    }

    private func failure(of calls: Calls, _ invocations: [IntentInvocation]) async throws -> String? {
        let called = invocations.map { "\($0.intent.identifier) (\($0.outcome.rawValue))" }.joined(separator: ", ")
        switch calls.ordering {
        case .disallowed:
            for invocation in invocations where invocation.committed {
                for expectation in calls.intents where try await expectation.isSatisfied(by: invocation.intent, result: invocation.result) {
                    return "\(invocation.intent.identifier) of \(invocation.intent.bundleIdentifier) was called (\(invocation.outcome.rawValue)), and must not be"
                }
            }
            return nil
        case .ordered:
            var next = 0
            for invocation in invocations where invocation.ran && next < calls.intents.count {
                if try await calls.intents[next].isSatisfied(by: invocation.intent, result: invocation.result) { next += 1 }
            }
            return next == calls.intents.count ? nil : "expected call \(next + 1) of \(calls.intents.count) did not run in order (called: \(called.isEmpty ? "nothing" : called))"
        case .unordered:
            var used = Set<Int>()
            for (index, expectation) in calls.intents.enumerated() {
                var matched = false
                for (position, invocation) in invocations.enumerated() where invocation.ran && !used.contains(position) {
                    if try await expectation.isSatisfied(by: invocation.intent, result: invocation.result) {
                        used.insert(position)
                        matched = true
                        break
                    }
                }
                if !matched { return "expected call \(index + 1) of \(calls.intents.count) did not run (called: \(called.isEmpty ? "nothing" : called))" }
            }
            return nil
        }
    }

    private static func describe(_ check: ScenarioCheck) -> String {
        switch check {
        case .calls(let calls): "Calls(.\(calls.ordering.rawValue)) of \(calls.intents.count) intent\(calls.intents.count == 1 ? "" : "s")"
        case .finds(let finds): "Finds \(finds.entities.count) entit\(finds.entities.count == 1 ? "y" : "ies")"
        case .response(let response): "SiriResponse \(response.checks.map { "\"\($0.value)\"" }.joined(separator: ", "))"
        }
    }
}
