import ExtensionProtocol
import Foundation
import HostBundles
import Yams

extension Transcript {
    /// The transcript as YAML, keys sorted, for a file people read, edit and keep under version
    /// control: nothing in it changes from one recording of the same conversation to the next.
    /// - Throws: `HostError` (`.usage`) if the YAML cannot be emitted (text YAML cannot hold).
    public func yaml() throws -> String {
        do {
            let text = try Yams.serialize(node: node, width: -1, allowUnicode: true, sortKeys: true)
            return text.hasSuffix("\n") ? text : text + "\n"
        } catch {
            throw HostError(.usage, "The transcript cannot be written as YAML: \(error).")
        }
    }

    var node: Node {
        .mapping([
            "version": .text(String(Self.formatVersion), plain: true),
            "invocation": invocation.node,
            "lockState": .text(lockState.rawValue),
            "authorization": .text(authorization.name),
            "source": .text(source.rawValue),
            "agreesToSystemConfirmation": .text(String(agreesToSystemConfirmation), plain: true),
            "conversation": expectsNoMatch ? nil : .sequence(conversation.map(\.node)),
            "result": expectsNoMatch ? nil : result.node,
            "exitStatus": expectsNoMatch ? nil : .text(String(exitStatus), plain: true),
            "disallowedCalls": disallowedCalls.isEmpty ? nil : .sequence(disallowedCalls.map { call in
                .mapping(["intent": .text(call.intent), "app": call.app.map(Node.text)])
            }),
            "expectNoMatch": expectsNoMatch ? .text("true", plain: true) : nil,
        ])
    }
}

extension Transcript.Invocation {
    var node: Node {
        switch self {
        case .send(let intent, let app, let parameters):
            .mapping(["command": .text("send"), "intent": .text(intent), "app": app.map(Node.text),
                      "parameters": .sequence(parameters.map { .mapping(["name": .text($0.name), "value": .text($0.value)]) })])
        case .say(let phrase, let matched):
            .mapping(["command": .text("say"), "phrase": .text(phrase),
                      "matched": matched.map { .mapping(["intent": .text($0.intent), "app": .text($0.app)]) }])
        }
    }
}

extension Transcript.Result {
    var node: Node {
        switch self {
        case .response(let response):
            .mapping(["extension": .text(response.extensionBundle), "code": .text(response.code), "step": .text(response.step),
                      "outputs": response.outputs.isEmpty ? nil : .mapping(response.outputs.mapValues(\.node)),
                      "dialog": response.dialog.map(Node.text), "snippet": response.snippet.map(Node.text),
                      "failure": response.failure.map(Node.text)])
        case .error(let code, let rule, let message):
            .mapping(["error": .text(code.rawValue), "policyRule": rule.map { .text($0.rawValue) }, "message": .text(message)])
        }
    }
}

extension TranscriptPrompt {
    var node: Node {
        .mapping(["kind": .text(prompt.kind.rawValue), "parameter": prompt.parameter.map(Node.text), "text": .text(prompt.text),
                  "choices": prompt.choices.isEmpty ? nil : .sequence(prompt.choices.map(Node.text)),
                  "answer": prompt.answer.map(Node.text), "match": matching == .exact ? nil : .text(matching.rawValue)])
    }
}

extension TranscriptValue {
    var node: Node {
        switch self {
        case .null: .text("null", plain: true)
        case .boolean(let flag): .scalar(flag.represented())
        case .integer(let number): .scalar(number.represented())
        case .double(let number): .scalar(number.represented())
        case .string(let text): .text(text)
        case .list(let values): .sequence(values.map(\.node))
        case .map(let values): .mapping(values.mapValues(\.node))
        }
    }
}

extension Node {
    /// A string scalar that reads back as a string (quoted when it would read as a number,
    /// a boolean or null); with `plain`, the text as it is (numbers, booleans).
    static func text(_ string: String, plain: Bool) -> Node {
        plain ? Node(string) : .scalar(string.represented())
    }

    static func text(_ string: String) -> Node {
        text(string, plain: false)
    }

    static func sequence(_ nodes: [Node]) -> Node {
        Node(nodes)
    }

    /// A mapping of the keys whose value is not nil.
    static func mapping(_ entries: [String: Node?]) -> Node {
        Node(entries.compactMap { key, value in value.map { (Node.text(key), $0) } }.sorted { $0.0 < $1.0 })
    }
}
