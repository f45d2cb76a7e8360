import ExtensionProtocol
import LocalAPI

/// How `intents apps` and `intents validate` show what discovery or validation found: lines of
/// text (not yet escaped for a terminal) or one JSON object. The embedded host and the client
/// print the same bytes from it.
public enum AppsReport {
    public static func lines(_ listing: AppsListing) -> [String] {
        var lines: [String] = []
        if listing.apps.isEmpty { lines.append("No app bundles found.") }
        for app in listing.apps {
            lines.append("\(app.displayName) (\(app.bundleIdentifier))  \(app.path)")
            if app.extensions.isEmpty { lines.append("  no Intents extensions") }
            for bundle in app.extensions {
                lines.append("  \(bundle.bundleIdentifier)  \(bundle.principalClass)")
                for intent in bundle.intentsSupported {
                    var notes: [String] = []
                    if bundle.restrictedWhileLocked.contains(intent) || bundle.alwaysRestricted.contains(intent) { notes.append("restricted while locked") }
                    if bundle.restrictedWhileProtectedDataUnavailable.contains(intent) { notes.append("restricted before first unlock") }
                    let shared = bundle.shared.contains(intent) ? " (other apps support it too: send asks which, or takes --app)" : ""
                    lines.append("    \(intent)\(notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]")\(shared)")
                }
                lines += appIntentLines(of: bundle)
            }
        }
        lines += listing.notes.map { "note: \($0)" }
        if !listing.faults.isEmpty { lines += ["Problems:"] + listing.faults.map { "  error: \($0.message)" } }
        if !listing.conflicts.isEmpty { lines += ["Notes:"] + listing.conflicts.map { "  \($0.message)" } }
        return lines
    }

    /// Each App Intent with its lock policy, then the App Shortcuts by primary phrase.
    private static func appIntentLines(of bundle: ListedExtension) -> [String] {
        guard !bundle.appIntentNames.isEmpty else { return [] }
        guard let intents = bundle.appIntents else { return bundle.appIntentNames.map { "    \($0) [App Intent; not described yet]" } }
        var lines: [String] = []
        for intent in intents {
            let policy = intent.authenticationPolicy == .alwaysAllowed ? "runs while locked" : "restricted while locked: \(intent.authenticationPolicy.rawValue)"
            let hidden = intent.isDiscoverable ? "" : ", not discoverable"
            lines.append("    \(intent.name) [App Intent, \(policy)\(hidden)]\(bundle.shared.contains(intent.name) ? " (other apps support it too)" : "")")
            if let description = intent.description { lines.append("      \(description)") }
            if let summary = intent.parameterSummary { lines.append("      Summary: \(AppIntentText.summary(summary))") }
            if let reason = intent.unavailableReason { lines.append("      cannot run here: \(reason)") }
        }
        lines += bundle.installedShortcuts.map {
            "    App Shortcut \($0.position + 1): \"\($0.primaryPhrase)\" -> \($0.intent) (\($0.phraseCount) phrases)"
        }
        return lines
    }

    /// `apps`, `faults` and `conflicts`.
    public static func json(_ listing: AppsListing) -> JSONValue {
        .object([
            "apps": .array(listing.apps.map { app in
                .object(["bundleIdentifier": .string(app.bundleIdentifier), "displayName": .string(app.displayName), "path": .string(app.path),
                         "extensions": .array(app.extensions.map(json))])
            }),
            "faults": .array(listing.faults.map { fault in
                var object: [String: JSONValue] = ["code": .string(fault.code), "path": .string(fault.path), "message": .string(fault.message)]
                if let key = fault.key { object["key"] = .string(key) }
                return .object(object)
            }),
            "conflicts": .array(listing.conflicts.map { conflict in
                .object(["intent": .string(conflict.intent), "extensions": strings(conflict.extensions), "paths": strings(conflict.paths),
                         "message": .string(conflict.message)])
            }),
        ])
    }

    private static func json(_ bundle: ListedExtension) -> JSONValue {
        var object: [String: JSONValue] = [
            "bundleIdentifier": .string(bundle.bundleIdentifier), "displayName": .string(bundle.displayName), "path": .string(bundle.path),
            "principalClass": .string(bundle.principalClass), "library": .string(bundle.library),
            "intentsSupported": strings(bundle.intentsSupported),
            "intentsRestrictedWhileLocked": strings(bundle.restrictedWhileLocked),
            "intentsRestrictedWhileProtectedDataUnavailable": strings(bundle.restrictedWhileProtectedDataUnavailable),
        ]
        guard !bundle.appIntentNames.isEmpty else { return .object(object) }
        object["appIntents"] = strings(bundle.appIntentNames)
        if let intents = bundle.appIntents {
            object["appIntents"] = .array(intents.map(json))
            object["appShortcuts"] = .array(bundle.appShortcuts.map { .object(["intent": .string($0.intent), "phrases": strings($0.phrases)]) })
        }
        return .object(object)
    }

    /// An App Intent as its metadata describes it; optional fields only when present.
    private static func json(_ intent: AppIntentSchema) -> JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(intent.name), "type": .string(intent.typeName), "title": .string(intent.title),
            "authenticationPolicy": .string(intent.authenticationPolicy.rawValue), "openAppWhenRun": .bool(intent.openAppWhenRun),
            "isDiscoverable": .bool(intent.isDiscoverable),
            "parameters": .array(intent.parameters.map { parameter in
                var object: [String: JSONValue] = ["name": .string(parameter.name), "title": .string(parameter.title),
                                                   "kind": .string(parameter.kind.rawValue), "optional": .bool(parameter.isOptional),
                                                   "list": .bool(parameter.isList)]
                if let type = parameter.typeName { object["type"] = .string(type) }
                if let description = parameter.description { object["description"] = .string(description) }
                if let minimum = parameter.minimum { object["minimum"] = .number(minimum) }
                if let maximum = parameter.maximum { object["maximum"] = .number(maximum) }
                return .object(object)
            }),
        ]
        if let description = intent.description { object["description"] = .string(description) }
        if let summary = intent.parameterSummary { object["parameterSummary"] = .string(summary) }
        if let reason = intent.unavailableReason { object["unavailableReason"] = .string(reason) }
        if let returned = intent.returnType {
            var type: [String: JSONValue] = ["kind": .string(returned.kind.rawValue), "optional": .bool(returned.isOptional),
                                             "list": .bool(returned.isList)]
            if let name = returned.typeName { type["type"] = .string(name) }
            object["returnType"] = .object(type)
        }
        if let migrated = intent.customIntentClassName { object["customIntentClassName"] = .string(migrated) }
        return .object(object)
    }

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}
