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

    static func plain(_ finding: LintFinding) -> [String: Any] {
        var object: [String: Any] = ["rule": finding.rule.id, "severity": finding.severity.rawValue,
                                     "path": finding.path, "message": finding.message]
        if let key = finding.key { object["key"] = key }
        return object
    }

    static func plain(_ rule: LintRule) -> [String: Any] {
        ["id": rule.id, "severity": rule.severity.rawValue, "description": rule.summary]
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
