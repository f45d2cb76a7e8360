import ExtensionProtocol
import LocalAPI

/// How `intents send` reports a conversation's end: lines of text for a person, or one JSON
/// object for a script. The embedded host and the client print the same bytes from it.
public struct ConversationReport: Sendable {
    /// The intent as the user named it.
    public var intent: String
    /// More members of the JSON object (what `say` matched); the report's own win on a clash.
    public var extra: [String: JSONValue]

    public init(intent: String, extra: [String: JSONValue] = [:]) {
        self.intent = intent
        self.extra = extra
    }

    /// The lines that tell a person how it ended, not yet escaped for a terminal.
    public func lines(_ result: ConversationResult) -> [String] {
        if let appResult = result.appIntentResult { return appIntentLines(appResult, of: result) }
        let response = result.response
        if result.status == .declined {
            return ["You answered no: \(intent) was not handled (\(result.extensionBundle) had answered \(response.codeName) at confirm)."]
        }
        let step = result.step == "confirm" ? " at confirm" : ""
        var lines = ["\(result.extensionBundle) answered \(response.codeName) (code \(response.code))\(step)."]
        lines += parameterLines(result)
        lines += response.output.map { "  output \($0.name): \($0.value.displayString)" }
        if let activity = response.userActivity {
            switch response.category {
            case .continueInApp, .failureRequiringAppLaunch:
                lines.append("  The app should continue with user activity \(activity.activityType).")
            default:
                lines.append("  user activity: \(activity.activityType)")
            }
        }
        return lines
    }

    /// An App Intent's end: what it said (its dialog), its snippet and value, or its error.
    private func appIntentLines(_ appResult: AppIntentResultPayload, of result: ConversationResult) -> [String] {
        if result.status == .declined { return ["You answered no: \(intent) of \(result.extensionBundle) did not go ahead."] }
        var lines = [appResult.failure.map { "\(result.extensionBundle) could not perform \(intent): \($0)" }
            ?? "\(result.extensionBundle) performed \(intent)."]
        lines += parameterLines(result)
        if let dialog = appResult.dialog { lines.append(dialog) }
        if let snippet = appResult.snippet {
            lines.append(snippet.format == .html ? "snippet (HTML):" : "snippet:")
            lines += snippet.content.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if let value = appResult.value { lines.append("  value: \(value.displayString)") }
        if appResult.opensApp { lines.append("  The intent opens its app.") }
        return lines
    }

    private func parameterLines(_ result: ConversationResult) -> [String] {
        result.schema.parameters.compactMap { parameter in
            result.intent.parameters[parameter.name].map { "  \(parameter.name) = \($0.displayString)" }
        }
    }

    /// The conversation's end as one JSON object: intent, extension, status, code, parameters,
    /// output, prompts, and for an App Intent its dialog, snippet, value and failure.
    public func json(_ result: ConversationResult) -> JSONValue {
        let response = result.response
        var object: [String: JSONValue] = [
            "intent": .string(intent), "extension": .string(result.extensionBundle),
            "status": .string(result.status == .declined ? "declined" : response.category.rawValue),
            "code": .integer(response.code), "codeName": .string(response.codeName), "step": .string(result.step),
            "parameters": .object(result.intent.parameters.mapValues(\.jsonValue)),
            "output": .object(Dictionary(response.output.map { ($0.name, $0.value.jsonValue) }, uniquingKeysWith: { first, _ in first })),
            "prompts": .array(result.transcript.map(Self.json)),
        ]
        if let activity = response.userActivity {
            var plain: [String: JSONValue] = ["activityType": .string(activity.activityType),
                                              "userInfo": .object(activity.userInfo.mapValues(\.jsonValue))]
            if let title = activity.title { plain["title"] = .string(title) }
            object["userActivity"] = .object(plain)
        }
        if let appResult = result.appIntentResult {
            if let dialog = appResult.dialog { object["dialog"] = .string(dialog) }
            if let snippet = appResult.snippet {
                object["snippet"] = .object(["format": .string(snippet.format.rawValue), "content": .string(snippet.content)])
            }
            if let value = appResult.value { object["value"] = value.jsonValue }
            if let failure = appResult.failure { object["failure"] = .string(failure) }
            if let failureCase = appResult.failureCase { object["failureCase"] = .string(failureCase) }
            if appResult.opensApp { object["opensApp"] = .bool(true) }
        }
        return .object(object.merging(extra) { own, _ in own })
    }

    /// A failure as one JSON object: intent, status (`refused` or `error`), the error's code,
    /// message and rule, and the extension the intent routes to.
    public func json(_ failure: HostFailure) -> JSONValue {
        var error: [String: JSONValue] = ["code": .string(failure.code), "message": .string(failure.message)]
        if let rule = failure.rule { error["rule"] = .string(rule) }
        var object: [String: JSONValue] = ["intent": .string(intent), "status": .string(failure.code == "refusedByPolicy" ? "refused" : "error"),
                                           "error": .object(error), "prompts": .array([])]
        if let bundle = failure.extensionBundle { object["extension"] = .string(bundle) }
        return .object(object.merging(extra) { own, _ in own })
    }

    /// A question of the transcript and its answer, as the JSON report lists it.
    public static func json(_ asked: AnsweredQuestion) -> JSONValue {
        var object: [String: JSONValue] = ["kind": .string(asked.question.kind.rawValue), "text": .string(asked.question.text)]
        if let parameter = asked.question.parameter { object["parameter"] = .string(parameter) }
        if !asked.question.choices.isEmpty { object["choices"] = .array(asked.question.choices.map(JSONValue.string)) }
        if let answer = asked.answer { object["answer"] = .string(answer) }
        return .object(object)
    }

    /// Says that several apps support `intent`, naming their extensions: before a request that
    /// did not name its app (the user is then asked which app), or one routed to `app` because
    /// its phrase or shortcut belongs to that app. A routed request's note names
    /// `routedNoteClaimants` extensions, that app's first, and counts the others (`intents apps`
    /// lists them all):
    /// with a hundred apps, it would otherwise be a screenful before every answer.
    public static func conflictNote(intent: String, claimants: [String], routedTo app: String? = nil) -> String {
        let routing = app.map { "this phrase belongs to \($0), whose extension handles it" } ?? "say which app with --app"
        var named = claimants.joined(separator: ", ")
        if let app, claimants.count > routedNoteClaimants {
            // The routed app's own extension first, so that the note never leaves it out.
            let own = claimants.filter { $0.hasPrefix(app + ".") }
            let listed = own + claimants.filter { !$0.hasPrefix(app + ".") }
            named = listed.prefix(routedNoteClaimants).joined(separator: ", ") + " and \(claimants.count - routedNoteClaimants) more"
        }
        return "note: \(intent) is supported by several apps: \(named); \(routing)."
    }

    /// How many extensions a routed request's conflict note names.
    public static let routedNoteClaimants = 3
}

extension IntentValue {
    /// The value as the JSON reports hold it: strings, numbers, booleans, arrays, and objects
    /// for people, objects and places (the same shape as `plainValue`).
    public var jsonValue: JSONValue {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .double(let number): return .number(number)
        case .boolean(let flag): return .bool(flag)
        case .person(let person):
            var object: [String: JSONValue] = ["displayName": .string(person.displayName)]
            if let handle = person.handle { object["handle"] = .string(handle) }
            if let identifier = person.contactIdentifier { object["contactIdentifier"] = .string(identifier) }
            if let identifier = person.customIdentifier { object["customIdentifier"] = .string(identifier) }
            return .object(object)
        case .object(let object):
            var result: [String: JSONValue] = ["display": .string(object.display)]
            if let identifier = object.identifier { result["identifier"] = .string(identifier) }
            if !object.properties.isEmpty {
                result["properties"] = .object(object.properties.mapValues(\.jsonValue))
            }
            return .object(result)
        case .enumeration(let value): return .string(value.name)
        case .dateComponents(let components): return .string(components.displayString)
        case .list(let values): return .array(values.map(\.jsonValue))
        case .url(let address): return .string(address)
        case .placemark(let place):
            var result: [String: JSONValue] = [:]
            if let name = place.name { result["name"] = .string(name) }
            if let latitude = place.latitude { result["latitude"] = .number(latitude) }
            if let longitude = place.longitude { result["longitude"] = .number(longitude) }
            if let address = place.postalAddress {
                let keys = ["street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country", "isoCountryCode"]
                var parts: [String: JSONValue] = [:]
                for (key, part) in zip(keys, address.parts) where !part.isEmpty { parts[key] = .string(part) }
                result["postalAddress"] = .object(parts)
            }
            return .object(result)
        }
    }
}
