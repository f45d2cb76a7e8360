import ExtensionProtocol
import LocalAPI

/// How `intents authorize` shows the apps' Siri authorizations, or one decision: lines of text
/// (not yet escaped for a terminal) or one JSON object. The embedded host and the client print
/// the same bytes from it.
public enum AuthorizationReport {
    /// One line per app: its name in a column of 16, its status, and whether it can ask or asks
    /// now; for `agents` (the user's consents to agents), the name and the consent only.
    public static func lines(_ apps: [AppAuthorization], agents: Bool = false) -> [String] {
        apps.map { app in
            if agents { return "\(app.name.paddedInUTF16(to: 16)) agents: \(statusName(app.status, agents: true))" }
            let asking = app.canAsk ? "" : "  (no NSSiriUsageDescription: cannot ask)"
            let request = app.pendingRequest.map { "  (asks now: \($0.quotedForDisplay); grant or deny)" } ?? ""
            return "\(app.name.paddedInUTF16(to: 16)) \(app.status.name)\(asking)\(request)"
        }
    }

    /// `{"apps": [...]}`, each with its identifier, name, status, whether it can ask and its
    /// waiting request.
    /// With `agents`, each app's status is its consent to agents, and the object says so.
    public static func json(_ apps: [AppAuthorization], agents: Bool = false) -> JSONValue {
        .object(["agents": .bool(agents), "apps": .array(apps.map { app in
            var object: [String: JSONValue] = ["app": .string(app.app), "name": .string(app.name), "status": .string(statusName(app.status, agents: agents))]
            if !agents { object["canAsk"] = .bool(app.canAsk) }
            if let request = app.pendingRequest { object["pendingRequest"] = .string(request) }
            return .object(object)
        })])
    }

    /// The line that confirms a decision: `MonkeyChat (com.example.MonkeyChat): authorized.`
    /// For a consent to agents: `MonkeyChat (com.example.MonkeyChat): agents authorized.`
    public static func decisionLine(_ app: AppAuthorization, agents: Bool = false) -> String {
        "\(app.name) (\(app.app)): \(agents ? "agents " : "")\(statusName(app.status, agents: agents))."
    }

    /// `{"app": ..., "status": ...}` for a decision (and `"agents": true` for a consent to agents).
    public static func decisionJSON(_ app: AppAuthorization, agents: Bool = false) -> JSONValue {
        var object: [String: JSONValue] = ["app": .string(app.app), "status": .string(statusName(app.status, agents: agents))]
        if agents { object["agents"] = .bool(true) }
        return .object(object)
    }

    /// A status as the user reads it: `INSiriAuthorizationStatus`'s case names, except that a
    /// consent to agents that is `restricted` is an app the user hid from agents: `hidden`.
    public static func statusName(_ status: SiriAuthorizationValue, agents: Bool) -> String {
        agents && status == .restricted ? "hidden" : status.name
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
