import ExtensionProtocol
import HostBundles
import HostPolicy
import IntentsHost
import SystemCalls
import SystemStore
import Yams

/// Reads a transcript's YAML nodes into a `Transcript`, noting the line of each value, and
/// refusing anything else with one sentence naming the line and the key: unknown keys, wrong
/// types, unknown names, anchors and aliases.
struct TranscriptNodeReader {
    let file: String
    /// Lines by path, as `RecordedTranscript.lines`.
    private(set) var lines: [String: Int] = [:]

    init(file: String) {
        self.file = file
    }

    mutating func transcript(_ root: Node) throws -> Transcript {
        let keys = ["version", "invocation", "lockState", "authorization", "source", "agreesToSystemConfirmation",
                    "conversation", "result", "exitStatus", "disallowedCalls", "expectNoMatch"]
        // The version first: another version may have other keys.
        guard case .mapping(let mapping) = root else { throw fail(root, "a transcript is a mapping with a version, not \(kind(root)).") }
        let versionNode = mapping.first { $0.key.string == "version" }?.value
        guard let versionNode else { throw fail(root, "it has no version; this build reads version \(Transcript.formatVersion).") }
        guard try scalar(versionNode, "version") == String(Transcript.formatVersion) else {
            throw fail(versionNode, "version \(versionNode.string?.quotedForDisplay ?? "") is not one this build reads (\(Transcript.formatVersion)).")
        }
        let fields = try entries(root, path: "", allowed: keys)
        let invocation = try invocation(try required(fields, "invocation", in: root))
        let expectsNoMatch = try fields["expectNoMatch"].map { try boolean($0, "expectNoMatch") } ?? false
        let isSay = if case .say = invocation { true } else { false }
        if !isSay, let key = ["disallowedCalls", "expectNoMatch"].first(where: { fields[$0] != nil }) {
            throw TranscriptFormatError(file: file, line: lines[key], "\(key) checks what a phrase runs; this transcript sends an intent by name (invocation.command send).")
        }
        if expectsNoMatch, let key = ["conversation", "result", "exitStatus", "disallowedCalls"].first(where: { fields[$0] != nil }) {
            // A phrase that must match nothing runs nothing: there is nothing else to record.
            throw TranscriptFormatError(file: file, line: lines[key], "\(key) has no place in a transcript whose phrase must match nothing (expectNoMatch: true).")
        }
        if expectsNoMatch {
            if case .say(_, let matched?) = invocation {
                throw fail(try required(fields, "invocation", in: root), "invocation.matched names \(matched.intent) of \(matched.app), but expectNoMatch says the phrase matches nothing.")
            }
        }
        var transcript = Transcript(
            invocation: invocation,
            lockState: try named(required(fields, "lockState", in: root), "lockState", LockState.allCases, \.rawValue),
            authorization: try named(required(fields, "authorization", in: root), "authorization", SiriAuthorization.allCases, \.name),
            source: try fields["source"].map { try named($0, "source", InvocationSource.conversationSources, \.rawValue) } ?? .direct,
            agreesToSystemConfirmation: try fields["agreesToSystemConfirmation"].map { try boolean($0, "agreesToSystemConfirmation") } ?? false,
            conversation: try fields["conversation"].map { try conversation($0) } ?? [],
            result: expectsNoMatch ? .error(.usage, policyRule: nil, message: "") : try result(try required(fields, "result", in: root)),
            exitStatus: expectsNoMatch ? 0 : try exitStatus(try required(fields, "exitStatus", in: root)))
        transcript.expectsNoMatch = expectsNoMatch
        transcript.disallowedCalls = try fields["disallowedCalls"].map { try disallowedCalls($0) } ?? []
        return transcript
    }

    private mutating func disallowedCalls(_ node: Node) throws -> [Transcript.DisallowedCall] {
        try items(node, "disallowedCalls").enumerated().map { index, item in
            let path = "disallowedCalls.\(index + 1)"
            let fields = try entries(item, path: path, allowed: ["intent", "app"])
            let intentNode = try required(fields, "intent", in: item, path: path)
            let intent = try string(intentNode, path + ".intent")
            // A name no intent can have would never match, and the check would pass unseen.
            if let problem = BundleName.problem(with: intent, as: .typeName) {
                throw fail(intentNode, "\(path).intent \(intent.quotedForDisplay) \(problem).")
            }
            let app = try fields["app"].map { node -> String in
                let app = try string(node, path + ".app")
                if let problem = BundleName.problem(with: app, as: .bundleIdentifier) {
                    throw fail(node, "\(path).app \(app.quotedForDisplay) \(problem).")
                }
                return app
            }
            return Transcript.DisallowedCall(intent: intent, app: app)
        }
    }

    private mutating func invocation(_ node: Node) throws -> Transcript.Invocation {
        let fields = try entries(node, path: "invocation", allowed: ["command", "intent", "app", "parameters", "phrase", "matched"])
        let command = try required(fields, "command", in: node, path: "invocation")
        switch try scalar(command, "invocation.command") {
        case "send":
            try refuse(["phrase", "matched"], in: fields, of: "a send invocation", path: "invocation")
            let parameters = try fields["parameters"].map { try items($0, "invocation.parameters") } ?? []
            return .send(intent: try string(required(fields, "intent", in: node, path: "invocation"), "invocation.intent"),
                         app: try fields["app"].map { try string($0, "invocation.app") },
                         parameters: try parameters.enumerated().map { index, item in
                             let path = "invocation.parameters.\(index + 1)"
                             let pair = try entries(item, path: path, allowed: ["name", "value"])
                             return Transcript.Parameter(name: try string(required(pair, "name", in: item, path: path), path + ".name"),
                                                         value: try string(required(pair, "value", in: item, path: path), path + ".value"))
                         })
        case "say":
            try refuse(["intent", "app", "parameters"], in: fields, of: "a say invocation", path: "invocation")
            let matched = try fields["matched"].map { node -> Transcript.Match in
                let match = try entries(node, path: "invocation.matched", allowed: ["intent", "app"])
                return Transcript.Match(intent: try string(required(match, "intent", in: node, path: "invocation.matched"), "invocation.matched.intent"),
                                        app: try string(required(match, "app", in: node, path: "invocation.matched"), "invocation.matched.app"))
            }
            return .say(phrase: try string(required(fields, "phrase", in: node, path: "invocation"), "invocation.phrase"), matched: matched)
        case let other:
            throw fail(command, "invocation.command \(other.quotedForDisplay) is neither send nor say.")
        }
    }

    private mutating func conversation(_ node: Node) throws -> [TranscriptPrompt] {
        try items(node, "conversation").enumerated().map { index, item in
            let path = "conversation.\(index + 1)"
            let fields = try entries(item, path: path, allowed: ["kind", "parameter", "text", "choices", "answer", "match"])
            let prompt = Prompt(kind: try named(required(fields, "kind", in: item, path: path), path + ".kind", [.value, .choice, .confirmation, .notice], \.rawValue),
                                parameter: try fields["parameter"].map { try string($0, path + ".parameter") },
                                text: try string(required(fields, "text", in: item, path: path), path + ".text"),
                                choices: try fields["choices"].map { try items($0, path + ".choices").map { try string($0, path + ".choices") } } ?? [],
                                answer: try fields["answer"].map { try string($0, path + ".answer") })
            let matching = try fields["match"].map { try named($0, path + ".match", TranscriptPrompt.Matching.allCases, \.rawValue) } ?? .exact
            return TranscriptPrompt(prompt, matching: matching)
        }
    }

    private mutating func result(_ node: Node) throws -> Transcript.Result {
        let fields = try entries(node, path: "result", allowed: ["extension", "code", "step", "outputs", "dialog", "snippet", "failure",
                                                                 "error", "policyRule", "message"])
        if let error = fields["error"] {
            try refuse(["extension", "code", "step", "outputs", "dialog", "snippet", "failure"], in: fields, of: "an error result", path: "result")
            let codes: [HostError.Code] = [.usage, .noExtension, .refusedByPolicy, .inputRequired, .cancelled, .extensionFailed,
                                           .requestTimedOut, .busy, .badState]
            return .error(try named(error, "result.error", codes, \.rawValue),
                          policyRule: try fields["policyRule"].map { try named($0, "result.policyRule", PolicyRule.allCases, \.rawValue) },
                          message: try fields["message"].map { try string($0, "result.message") } ?? "")
        }
        try refuse(["policyRule", "message"], in: fields, of: "a response (a result without error)", path: "result")
        let outputs = try fields["outputs"].map { outputs in
            try entries(outputs, path: "result.outputs", allowed: nil).mapValues(value)
        }
        return .response(Transcript.Response(
            extensionBundle: try string(required(fields, "extension", in: node, path: "result"), "result.extension"),
            code: try string(required(fields, "code", in: node, path: "result"), "result.code"),
            step: try named(required(fields, "step", in: node, path: "result"), "result.step", ["confirm", "handle", "perform"], { $0 }),
            outputs: outputs ?? [:],
            dialog: try fields["dialog"].map { try string($0, "result.dialog") },
            snippet: try fields["snippet"].map { try string($0, "result.snippet") },
            failure: try fields["failure"].map { try string($0, "result.failure") }))
    }

    private func exitStatus(_ node: Node) throws -> Int32 {
        guard node.scalar != nil, node.tag == Tag(.int), let number = node.int, (0...255).contains(number) else {
            throw fail(node, "exitStatus \(describe(node)) is not an exit status, a number from 0 to 255.")
        }
        return Int32(number)
    }

    // MARK: Nodes

    /// The entries of the mapping `node` at `path`, by key, their lines noted; any key not in
    /// `allowed` (when given) is refused.
    private mutating func entries(_ node: Node, path: String, allowed: [String]?) throws -> [String: Node] {
        try checkNoAnchor(node)
        guard case .mapping(let mapping) = node else { throw fail(node, "\(path.isEmpty ? "the transcript" : path) is \(kind(node)), not a mapping.") }
        var fields: [String: Node] = [:]
        for (keyNode, value) in mapping {
            try checkNoAnchor(keyNode)
            guard case .scalar(let key) = keyNode else { throw fail(keyNode, "\(path.isEmpty ? "the transcript" : path) has a key that is not text.") }
            if let allowed, !allowed.contains(key.string) {
                let owner = path.isEmpty ? "the transcript" : path
                throw fail(keyNode, "\(owner) has an unknown key \(key.string.quotedForDisplay); its keys are \(allowed.sorted().joined(separator: ", ")).")
            }
            let keyPath = path.isEmpty ? key.string : path + "." + key.string
            lines[keyPath] = keyNode.mark?.line
            fields[key.string] = value
        }
        lines[path] = lines[path] ?? node.mark?.line
        return fields
    }

    /// The items of the sequence `node`, each item's line noted as `path.N`.
    private mutating func items(_ node: Node, _ path: String) throws -> [Node] {
        try checkNoAnchor(node)
        guard case .sequence(let sequence) = node else { throw fail(node, "\(path) is \(kind(node)), not a list.") }
        for (index, item) in sequence.enumerated() {
            try checkNoAnchor(item)
            lines["\(path).\(index + 1)"] = item.mark?.line
        }
        return Array(sequence)
    }

    private func required(_ fields: [String: Node], _ key: String, in node: Node, path: String = "") throws -> Node {
        guard let value = fields[key] else { throw fail(node, "\(path.isEmpty ? "the transcript" : path) has no \(key).") }
        return value
    }

    /// Refuses the keys that belong to another kind of invocation or result.
    private func refuse(_ keys: [String], in fields: [String: Node], of what: String, path: String) throws {
        if let key = keys.first(where: { fields[$0] != nil }) {
            throw TranscriptFormatError(file: file, line: lines["\(path).\(key)"], "\(path) is \(what), which has no \(key).")
        }
    }

    /// A scalar's text, whatever it reads as (`answer: 2` is the answer "2").
    private func string(_ node: Node, _ path: String) throws -> String {
        try scalar(node, path)
    }

    private func scalar(_ node: Node, _ path: String) throws -> String {
        try checkNoAnchor(node)
        guard case .scalar(let scalar) = node else { throw fail(node, "\(path) is \(kind(node)), not text.") }
        return scalar.string
    }

    private func boolean(_ node: Node, _ path: String) throws -> Bool {
        guard node.scalar != nil, node.tag == Tag(.bool), let flag = node.bool else {
            throw fail(node, "\(path) \(describe(node)) is neither true nor false.")
        }
        return flag
    }

    /// The case of `cases` whose name (`name`) is the scalar's text.
    private func named<Case>(_ node: Node, _ path: String, _ cases: [Case], _ name: (Case) -> String) throws -> Case {
        let text = try scalar(node, path)
        guard let match = cases.first(where: { name($0) == text }) else {
            throw fail(node, "\(path) \(text.quotedForDisplay) is not one of \(cases.map(name).joined(separator: ", ")).")
        }
        return match
    }

    /// An output value: scalars by their YAML type, lists and mappings of values.
    private func value(_ node: Node) throws -> TranscriptValue {
        try checkNoAnchor(node)
        switch node {
        case .scalar(let scalar):
            if node.tag == Tag(.null) { return .null }
            if node.tag == Tag(.bool), let flag = node.bool { return .boolean(flag) }
            if node.tag == Tag(.int), let number = node.int { return .integer(number) }
            if node.tag == Tag(.float), let number = node.float { return .double(number) }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .list(try sequence.map(value))
        case .mapping(let mapping):
            var values: [String: TranscriptValue] = [:]
            for (key, item) in mapping {
                guard let name = key.scalar?.string else { throw fail(key, "an output holds a key that is not text.") }
                values[name] = try value(item)
            }
            return .map(values)
        case .alias:
            throw fail(node, "anchors and aliases (&name, *name) are not used in transcripts.")
        }
    }

    /// Anchors and aliases are refused: an alias repeats a node without its size in the file.
    private func checkNoAnchor(_ node: Node) throws {
        if node.anchor != nil || node.alias != nil { throw fail(node, "anchors and aliases (&name, *name) are not used in transcripts.") }
    }

    private func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the text \(scalar.string.quotedForDisplay)"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private func describe(_ node: Node) -> String {
        node.scalar.map { $0.string.quotedForDisplay } ?? kind(node)
    }

    private func fail(_ node: Node, _ reason: String) -> TranscriptFormatError {
        TranscriptFormatError(file: file, line: node.mark?.line, reason)
    }
}
