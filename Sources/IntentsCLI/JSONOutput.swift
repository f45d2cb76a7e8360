import CommandReports
import ExtensionProtocol
import Foundation
import HostBundles
import HostTools
import IntentsHost

/// Plain JSON for scripts: values as strings, numbers, booleans, objects and arrays.
enum JSONOutput {
    /// Prints `object` as one line of JSON with sorted keys, written by `CommandReports`'s
    /// writer, as the `intents` client writes the reports it prints.
    static func print(_ object: [String: Any]) {
        writeOutput(JSONValue(plain: object).text + "\n")
    }

    static func plain(_ values: [String: IntentValue]) -> [String: Any] {
        values.mapValues(\.plainValue)
    }

    static func plain(_ prompt: Prompt) -> [String: Any] {
        var object: [String: Any] = ["kind": prompt.kind.rawValue, "text": prompt.text]
        if let parameter = prompt.parameter { object["parameter"] = parameter }
        if !prompt.choices.isEmpty { object["choices"] = prompt.choices }
        if let answer = prompt.answer { object["answer"] = answer }
        return object
    }

    static func plain(_ fault: BundleFault) -> [String: Any] {
        var object: [String: Any] = ["code": fault.code.rawValue, "path": fault.path, "message": fault.message]
        if let key = fault.key { object["key"] = key }
        return object
    }

    static func plain(_ finding: LintFinding) -> [String: Any] {
        var object: [String: Any] = ["rule": finding.rule.id, "severity": finding.severity.rawValue,
                                     "path": finding.path, "message": finding.message]
        if let key = finding.key { object["key"] = key }
        return object
    }

    static func plain(_ rule: LintRule) -> [String: Any] {
        ["id": rule.id, "severity": rule.severity.rawValue, "description": rule.summary]
    }

    static func plain(_ conflict: IntentConflict) -> [String: Any] {
        ["intent": conflict.intent, "extensions": conflict.extensions, "paths": conflict.paths, "message": conflict.description]
    }

    /// An app and its extensions; with `appIntents`, each extension's App Intents (policy,
    /// parameters) and App Shortcuts (primary phrase first).
    static func plain(_ app: AppBundle, appIntents: AppShortcutsSnapshot? = nil) -> [String: Any] {
        ["bundleIdentifier": app.bundleIdentifier, "displayName": app.displayName, "path": app.path,
         "extensions": app.extensions.map { bundle -> [String: Any] in
             var object: [String: Any] = [
                 "bundleIdentifier": bundle.bundleIdentifier, "displayName": bundle.displayName, "path": bundle.path,
                 "principalClass": bundle.principalClass, "library": bundle.libraryPath,
                 "intentsSupported": bundle.intentsSupported,
                 "intentsRestrictedWhileLocked": bundle.restrictedWhileLocked,
                 "intentsRestrictedWhileProtectedDataUnavailable": bundle.restrictedWhileProtectedDataUnavailable]
             guard !bundle.appIntents.isEmpty else { return object }
             object["appIntents"] = bundle.appIntents.names
             if let metadata = appIntents?.metadata[bundle.bundleIdentifier] {
                 object["appIntents"] = metadata.intents.map { intent -> [String: Any] in
                     ["name": intent.name, "type": intent.typeName, "title": intent.title,
                      "authenticationPolicy": intent.authenticationPolicy.rawValue, "openAppWhenRun": intent.openAppWhenRun,
                      "parameters": intent.parameters.map { ["name": $0.name, "title": $0.title, "kind": $0.kind.rawValue,
                                                             "optional": $0.isOptional, "list": $0.isList] }]
                 }
                 object["appShortcuts"] = metadata.shortcuts.map { shortcut -> [String: Any] in
                     ["intent": AppIntentsDeclaration.shortName(shortcut.intent), "phrases": shortcut.phrases]
                 }
             }
             return object
         }]
    }
}

extension JSONValue {
    /// A plain value (strings, integers, doubles, booleans, arrays and string-keyed
    /// dictionaries of them, or a `JSONValue`); anything else is written as its description.
    init(plain value: Any) {
        switch value {
        case let value as JSONValue: self = value
        case let text as String: self = .string(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .integer(number)
        case let number as Int64: self = .integer(Int(number))
        case let number as UInt64: self = number <= UInt64(Int.max) ? .integer(Int(number)) : .number(Double(number))
        case let number as UInt32: self = .integer(Int(number))
        case let number as Int32: self = .integer(Int(number))
        case let number as Double: self = .number(number)
        case let values as [Any]: self = .array(values.map(JSONValue.init(plain:)))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init(plain:)))
        case is NSNull: self = .null
        default: self = .string("\(value)")
        }
    }
}
