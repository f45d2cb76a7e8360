import ExtensionProtocol

/// A value in a transcript (an output, an App Intent's result value): what YAML and JSON hold.
public indirect enum TranscriptValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case boolean(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case list([TranscriptValue])
    case map([String: TranscriptValue])

    /// The value as `--json` prints it (`IntentValue.plainValue`).
    public init(_ value: IntentValue) {
        self.init(plain: value.plainValue)
    }

    /// A plain value: strings, numbers, booleans, arrays and dictionaries; anything else is null.
    init(plain: Any) {
        switch plain {
        case let flag as Bool: self = .boolean(flag)
        case let number as Int: self = .integer(number)
        case let number as Double: self = .double(number)
        case let text as String: self = .string(text)
        case let values as [Any]: self = .list(values.map(TranscriptValue.init(plain:)))
        case let values as [String: Any]: self = .map(values.mapValues(TranscriptValue.init(plain:)))
        default: self = .null
        }
    }

    /// The value on one line, strings quoted and escaped, keys sorted: `{displayName: "Bobo", handle: "@bobo"}`.
    public var description: String {
        switch self {
        case .null: "null"
        case .boolean(let flag): String(flag)
        case .integer(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text.quotedForDisplay
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .map(let values): "{" + values.sorted { $0.key < $1.key }.map { "\($0.key.escapedForTerminal): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
