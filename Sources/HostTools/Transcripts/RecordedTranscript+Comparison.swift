import ExtensionProtocol
import IntentsHost

extension RecordedTranscript {
    /// How `actual`, a replay of this transcript, differs from it, in the order of the
    /// transcript's lines: what the phrase matched and its source, each prompt, the result
    /// (extension, code, step, outputs, dialog, snippet, failure, or error and policy rule) and
    /// the exit status. The invocation's own values, the answers and an error's message are
    /// not compared. Empty when the replay matches.
    public func differences(from actual: Transcript) -> [TranscriptDifference] {
        var found: [TranscriptDifference] = []
        func differ(_ line: Int, _ message: String) { found.append(TranscriptDifference(line: line, message: message)) }
        let expected = transcript
        if case .say(_, let matched) = actual.invocation, let matched {
            if expected.expectsNoMatch {
                return [TranscriptDifference(line: line("expectNoMatch"), message: "expected the phrase to match nothing, got \(Self.describe(matched))")]
            }
            for call in expected.disallowedCalls where call.forbids(matched) {
                differ(line("disallowedCalls"), "the phrase ran \(Self.describe(matched)), which disallowedCalls forbids")
            }
        }
        if expected.expectsNoMatch {
            // The replay ran nothing; an error (no phrase index) is a failure, never a pass.
            if case .error(_, _, let message) = actual.result, !message.isEmpty {
                differ(line("expectNoMatch"), "the replay failed: \(message)")
            }
            return found
        }
        if case .say(_, let recorded) = expected.invocation, case .say(_, let matched) = actual.invocation, recorded != matched {
            differ(line("invocation.matched", "invocation.phrase"), "expected the phrase to match \(Self.describe(recorded)), got \(Self.describe(matched))")
        }
        if expected.source != actual.source {
            differ(line("source"), "expected source \(expected.source.rawValue), got \(actual.source.rawValue)")
        }
        found += conversationDifferences(actual.conversation.map(\.prompt))
        found += resultDifferences(actual.result)
        if expected.exitStatus != actual.exitStatus {
            differ(line("exitStatus"), "expected exit status \(expected.exitStatus), got \(actual.exitStatus)")
        }
        return found.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// The prompts aligned in order: a prompt of the same kind about the same parameter is the
    /// same prompt, compared field by field; a recorded prompt the replay skipped was never
    /// asked, and one the replay added is extra.
    private func conversationDifferences(_ actual: [Prompt]) -> [TranscriptDifference] {
        let recorded = transcript.conversation
        var found: [TranscriptDifference] = []
        let listLine = line("conversation")
        var (next, nextActual) = (0, 0)
        func isSame(_ index: Int, _ actualIndex: Int) -> Bool {
            recorded[index].prompt.kind == actual[actualIndex].kind && recorded[index].prompt.parameter == actual[actualIndex].parameter
        }
        func neverAsked(_ index: Int) {
            found.append(TranscriptDifference(line: line("conversation.\(index + 1)", "conversation"),
                                              message: "expected \(Self.describe(recorded[index].prompt)), got none: it was never asked"))
        }
        func extra(_ prompt: Prompt) {
            found.append(TranscriptDifference(line: listLine, message: "expected no more prompts, got \(Self.describe(prompt))"))
        }
        while next < recorded.count && nextActual < actual.count {
            if isSame(next, nextActual) {
                found += promptDifferences(next, actual[nextActual])
                (next, nextActual) = (next + 1, nextActual + 1)
            } else if let later = (next + 1..<recorded.count).first(where: { isSame($0, nextActual) }) {
                (next..<later).forEach(neverAsked)
                next = later
            } else if let later = (nextActual + 1..<actual.count).first(where: { isSame(next, $0) }) {
                actual[nextActual..<later].forEach(extra)
                nextActual = later
            } else {
                found.append(TranscriptDifference(line: line("conversation.\(next + 1)", "conversation"),
                                                  message: "expected \(Self.describe(recorded[next].prompt)), got \(Self.describe(actual[nextActual]))"))
                (next, nextActual) = (next + 1, nextActual + 1)
            }
        }
        (next..<recorded.count).forEach(neverAsked)
        actual[min(nextActual, actual.count)...].forEach(extra)
        return found
    }

    /// The differences of a prompt of the same kind and parameter: its text (unless the
    /// transcript matches it loosely) and its choices.
    private func promptDifferences(_ index: Int, _ actual: Prompt) -> [TranscriptDifference] {
        let recorded = transcript.conversation[index]
        let path = "conversation.\(index + 1)"
        var found: [TranscriptDifference] = []
        if recorded.matching == .exact && recorded.prompt.text != actual.text {
            found.append(TranscriptDifference(line: line(path + ".text", path),
                                              message: "expected prompt text \(recorded.prompt.text.quotedForDisplay), got \(actual.text.quotedForDisplay)"))
        }
        if recorded.prompt.choices != actual.choices {
            found.append(TranscriptDifference(line: line(path + ".choices", path),
                                              message: "expected choices \(Self.describe(recorded.prompt.choices)), got \(Self.describe(actual.choices))"))
        }
        return found
    }

    private func resultDifferences(_ actual: Transcript.Result) -> [TranscriptDifference] {
        var found: [TranscriptDifference] = []
        func differ(_ line: Int, _ message: String) { found.append(TranscriptDifference(line: line, message: message)) }
        switch (transcript.result, actual) {
        case (.response(let recorded), .response(let response)):
            let fields: [(String, String, String)] = [("extension", recorded.extensionBundle, response.extensionBundle),
                                                      ("code", recorded.code, response.code), ("step", recorded.step, response.step)]
            for (key, expected, got) in fields where expected != got {
                differ(line("result." + key, "result"), "expected \(key) \(expected), got \(got)")
            }
            for name in Set(recorded.outputs.keys).union(response.outputs.keys).sorted() where recorded.outputs[name] != response.outputs[name] {
                let expected = recorded.outputs[name].map { "output \(name) \($0)" } ?? "no output \(name)"
                differ(line("result.outputs.\(name)", "result.outputs", "result"), "expected \(expected), got \(response.outputs[name]?.description ?? "none")")
            }
            let texts: [(String, String?, String?)] = [("dialog", recorded.dialog, response.dialog), ("snippet", recorded.snippet, response.snippet),
                                                       ("failure", recorded.failure, response.failure)]
            for (key, expected, got) in texts where expected != got {
                differ(line("result." + key, "result"), "expected \(expected.map { "\(key) \($0.quotedForDisplay)" } ?? "no \(key)"), got \(got?.quotedForDisplay ?? "none")")
            }
        case (.error(let recorded, let recordedRule, _), .error(let code, let rule, _)):
            if recorded != code { differ(line("result.error", "result"), "expected error \(recorded.rawValue), got \(code.rawValue)") }
            if recordedRule != rule {
                differ(line("result.policyRule", "result.error", "result"),
                       "expected policy rule \(recordedRule?.rawValue ?? "none"), got \(rule?.rawValue ?? "none")")
            }
        case (.response(let recorded), .error):
            differ(line("result.code", "result"), "expected code \(recorded.code), got \(Self.describe(actual))")
        case (.error(let recorded, _, _), .response):
            differ(line("result.error", "result"), "expected error \(recorded.rawValue), got \(Self.describe(actual))")
        }
        return found
    }

    static func describe(_ prompt: Prompt) -> String {
        "\(prompt.kind.rawValue) prompt \(prompt.text.quotedForDisplay)" + (prompt.parameter.map { " for \($0)" } ?? "")
    }

    static func describe(_ choices: [String]) -> String {
        "[" + choices.map(\.quotedForDisplay).joined(separator: ", ") + "]"
    }

    static func describe(_ match: Transcript.Match?) -> String {
        match.map { "\($0.intent) of \($0.app)" } ?? "no intent"
    }

    static func describe(_ result: Transcript.Result) -> String {
        switch result {
        case .response(let response): "code \(response.code) from \(response.extensionBundle)"
        case .error(let code, let rule, _): "error \(code.rawValue)" + (rule.map { " (policy rule \($0.rawValue))" } ?? "")
        }
    }
}
