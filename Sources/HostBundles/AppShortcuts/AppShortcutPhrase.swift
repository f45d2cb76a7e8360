import ExtensionProtocol
import SystemStore

/// An App Shortcut phrase as the SDK writes it: text with `${applicationName}` for the app's
/// names and `${parameter}` for a parameter's values.
public enum AppShortcutPhrase {
    public enum Token: Hashable, Sendable {
        case text(String)
        case applicationName
        case parameter(String)
    }

    /// The phrase's pieces, in order.
    public static func tokens(_ phrase: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(phrase)
        while let open = rest.range(of: "${") {
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(rest[open.upperBound..<close])
            tokens.append(name == "applicationName" ? .applicationName : .parameter(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    /// The parameters a phrase names, in order.
    public static func parameters(_ phrase: String) -> [String] {
        tokens(phrase).compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The phrase as a user reads it: the app's name in place of `${applicationName}`, a
    /// parameter's title in brackets.
    public static func display(_ phrase: String, appName: String, titles: [String: String] = [:]) -> String {
        tokens(phrase).map { token in
            switch token {
            case .text(let text): text
            case .applicationName: appName
            case .parameter(let name): "<\(titles[name] ?? name)>"
            }
        }.joined()
    }
}
