import CommandReports
import IntentsClient
import MCP

/// One tool call: a conversation run through the host API as an agent's (the same policy gate,
/// sandbox and drivers as `intents send`), its questions asked of the user through MCP
/// elicitation when the client supports it.
struct AgentToolCall: Sendable {
    var target: AgentToolSet.Target
    var arguments: [String: Value]

    /// The longest an elicitation waits for the user's answer: a little less than the host
    /// server waits for an answer to a question (120 s), so that the call ends with the question
    /// unanswered, as a tool error, rather than waiting on a conversation the server ended.
    static let answerDeadline: Duration = .seconds(110)

    /// The call's arguments as the text parameters of a run: numbers and booleans written out,
    /// a list's items joined with commas (as `intents send --param` takes a list).
    /// - Throws: `AgentToolError` naming the argument that no parameter takes or whose value is
    ///   not text, a number, a boolean or a list of those.
    func textParameters() throws -> [TextParameter] {
        let known = target.appIntent.map { Set($0.parameters.map(\.name)) }
        var parameters: [TextParameter] = []
        for (name, value) in arguments.sorted(by: { $0.key < $1.key }) {
            if let known, !known.contains(name) {
                throw AgentToolError("The tool has no argument \(String(name.prefix(100)).quotedForDisplay); nothing ran.")
            }
            guard name.utf8.count <= 255 else { throw AgentToolError("An argument's name is longer than 255 bytes; nothing ran.") }
            guard let text = Self.text(of: value) else {
                throw AgentToolError("The argument \(name.quotedForDisplay) is not text, a number, a boolean or a list of those; nothing ran.")
            }
            guard text.utf8.count <= RunRequest.maximumTextBytes else {
                throw AgentToolError("The argument \(name.quotedForDisplay) is longer than \(RunRequest.maximumTextBytes) bytes; nothing ran.")
            }
            if case .null = value { continue }
            parameters.append(TextParameter(name: name, value: text))
        }
        return parameters
    }

    private static func text(of value: Value, inList: Bool = false) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: inList ? nil : ""
        case .array(let items) where !inList:
            items.map { text(of: $0, inList: true) }.reduce(into: [String]?([])) { texts, item in
                guard let item, texts != nil else { texts = nil; return }
                texts!.append(item)
            }?.joined(separator: ", ")
        default: nil
        }
    }

    /// Runs it; a conversation that ends, even in a failure the extension answered, is a result,
    /// and one that the host refused or could not finish is a tool error naming why.
    func run(on client: IntentsClient, asking asker: (any AgentQuestionAsker)?) async -> CallTool.Result {
        let report = ConversationReport(intent: target.intent)
        do {
            let request = RunRequest(intent: target.intent, app: target.appBundle, text: try textParameters(),
                                     interactive: asker != nil, source: .agent)
            let result = try await client.run(request, answering: { question in
                guard let asker else { return .none }
                return try await asker.ask(question)
            })
            return Self.result(text: report.lines(result).joined(separator: "\n"), structured: report.json(result), isError: result.status == .failure)
        } catch let error as AgentToolError {
            return Self.result(text: error.message, isError: true)
        } catch let error as IntentsClientError {
            var failure = HostFailure(code: error.code.rawValue, message: error.message, rule: error.rule)
            failure.extensionBundle = target.extensionBundle
            let why = error.rule.map { "Refused by the host's policy (rule \($0)): " } ?? ""
            return Self.result(text: why + error.message, structured: report.json(failure), isError: true)
        } catch {
            return Self.result(text: "\(target.intent) of \(target.appName) did not finish: \(error)", isError: true)
        }
    }

    private static func result(text: String, structured: JSONValue? = nil, isError: Bool) -> CallTool.Result {
        let content: [Tool.Content] = [.text(text: text, annotations: nil, _meta: nil)]
        let value: Value? = structured?.mcpValue
        return CallTool.Result(content: content, structuredContent: value, isError: isError, _meta: nil)
    }
}

/// A call's failure before anything ran, in one sentence.
struct AgentToolError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Asks the user a conversation's question (through MCP elicitation).
protocol AgentQuestionAsker: Sendable {
    func ask(_ question: Question) async throws -> Answer
}

extension JSONValue {
    /// The value as the MCP SDK's `Value`.
    var mcpValue: Value {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .int(number)
        case .number(let number): number.isFinite ? .double(number) : .null
        case .bool(let flag): .bool(flag)
        case .array(let items): .array(items.map(\.mcpValue))
        case .object(let members): .object(members.mapValues(\.mcpValue))
        case .null: .null
        }
    }
}
