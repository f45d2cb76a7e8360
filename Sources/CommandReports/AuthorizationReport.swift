import ExtensionProtocol
import LocalAPI

/// How `intents authorize` shows the apps' Siri authorizations, or one decision: lines of text
/// (not yet escaped for a terminal) or one JSON object. The embedded host and the client print
/// the same bytes from it.
public enum AuthorizationReport {
    /// One line per app: its name in a column of 16, its status, and whether it can ask or asks now.
    public static func lines(_ apps: [AppAuthorization]) -> [String] {
        apps.map { app in
            let asking = app.canAsk ? "" : "  (no NSSiriUsageDescription: cannot ask)"
            let request = app.pendingRequest.map { "  (asks now: \($0.quotedForDisplay); grant or deny)" } ?? ""
            return "\(app.name.paddedInUTF16(to: 16)) \(app.status.name)\(asking)\(request)"
        }
    }

    /// `{"apps": [...]}`, each with its identifier, name, status, whether it can ask and its
    /// waiting request.
    public static func json(_ apps: [AppAuthorization]) -> JSONValue {
        .object(["apps": .array(apps.map { app in
            var object: [String: JSONValue] = ["app": .string(app.app), "name": .string(app.name), "status": .string(app.status.name),
                                               "canAsk": .bool(app.canAsk)]
            if let request = app.pendingRequest { object["pendingRequest"] = .string(request) }
            return .object(object)
        })])
    }

    /// The line that confirms a decision: `MonkeyChat (com.example.MonkeyChat): authorized.`
    public static func decisionLine(_ app: AppAuthorization) -> String {
        "\(app.name) (\(app.app)): \(app.status.name)."
    }

    /// `{"app": ..., "status": ...}` for a decision.
    public static func decisionJSON(_ app: AppAuthorization) -> JSONValue {
        .object(["app": .string(app.app), "status": .string(app.status.name)])
    }
}

extension String {
    /// This text cut or padded with spaces to `length` UTF-16 units, as Foundation's
    /// `padding(toLength:withPad:startingAt:)` does (a character cut in half is replaced).
    public func paddedInUTF16(to length: Int) -> String {
        let units = Array(utf16)
        if units.count >= length { return String(decoding: units.prefix(length), as: UTF16.self) }
        return self + String(repeating: " ", count: length - units.count)
    }
}
