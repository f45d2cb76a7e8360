import ExtensionProtocol
import Foundation
import IntentsHost

/// Plain JSON for scripts: values as strings, numbers, booleans, objects and arrays.
enum JSONOutput {
    /// Prints `object` as one line of JSON with sorted keys.
    static func print(_ object: [String: Any]) {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        writeOutput(String(decoding: data, as: UTF8.self) + "\n")
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

    static func plain(_ conflict: IntentConflict) -> [String: Any] {
        ["intent": conflict.intent, "extensions": conflict.extensions, "paths": conflict.paths, "message": conflict.description]
    }

    static func plain(_ app: AppBundle) -> [String: Any] {
        ["bundleIdentifier": app.bundleIdentifier, "displayName": app.displayName, "path": app.path,
         "extensions": app.extensions.map { bundle -> [String: Any] in
             ["bundleIdentifier": bundle.bundleIdentifier, "displayName": bundle.displayName, "path": bundle.path,
              "principalClass": bundle.principalClass, "library": bundle.libraryPath,
              "intentsSupported": bundle.intentsSupported,
              "intentsRestrictedWhileLocked": bundle.restrictedWhileLocked,
              "intentsRestrictedWhileProtectedDataUnavailable": bundle.restrictedWhileProtectedDataUnavailable]
         }]
    }
}
