/// Refuses, before any Swift is written, the names that would make the generated file fail to
/// compile or change the meaning of other code: two declarations of one name, a type named like
/// a Swift, Foundation or SDK type, members named like their base class's, duplicate
/// parameters, reasons or enum values, and enums that cannot hold a value.
struct DefinitionNameCheck {
    let definition: IntentDefinition
    let fileName: String

    /// Names generated types may not take: Swift's and Foundation's types the generated code
    /// uses, and the Intents, Core Location and Foundation prefixes (`IN`, `CL`, `NS`).
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Character", "URL", "Data", "Date", "DateComponents", "TimeInterval",
        "Array", "Dictionary", "Set", "Optional", "Error", "Result", "Void", "Never", "Any", "AnyObject", "Type", "Protocol",
        "Swift", "Foundation", "Intents", "CoreLocation", "Task", "NSString", "withIntentCompletion", "withIntentOptionsCompletion",
        "withIntentArrayCompletion",
    ]
    static let intentMembers: Set<String> = ["identifier", "intentDescription", "suggestedInvocationPhrase", "description", "hash"]
    static let responseMembers: Set<String> = ["code", "userActivity", "description", "hash"]
    static let objectMembers: Set<String> = ["identifier", "displayString", "pronunciationHint", "subtitleString",
                                             "alternativeSpeakableMatches", "spokenPhrase", "description", "hash"]
    static let enumValueMembers: Set<String> = ["rawValue", "displayName", "allCases", "intentValue", "hashValue"]
    static let codeMembers: Set<String> = ["rawValue", "category", "customSuccessCodes", "hashValue"]

    private func fail(_ sentence: String) -> IntentDefinitionError { IntentDefinitionError("\(fileName): \(sentence)") }

    func run() throws {
        var seen: [String: String] = [:]
        func claim(_ name: String, _ what: String) throws {
            if let earlier = seen[name] {
                throw fail("the name \(name) is used by both \(earlier) and \(what); Swift needs one declaration per name.")
            }
            seen[name] = what
        }
        for enumeration in definition.enums {
            try checkTypeName(enumeration.name, "the enum")
            try claim(enumeration.name, "the enum \(enumeration.name)")
            try claim(enumeration.name + "ResolutionResult", "the resolution result of the enum \(enumeration.name)")
            try checkValues(of: enumeration)
        }
        for type in definition.types {
            try checkTypeName(type.name, "the type")
            try claim(type.name, "the type \(type.name)")
            try claim(type.name + "ResolutionResult", "the resolution result of the type \(type.name)")
            try checkMembers(type.properties.map(\.name), reserved: Self.objectMembers, owner: type.name)
        }
        for intent in definition.intents {
            try checkTypeName(intent.name + "Intent", "the intent")
            for suffix in ["Intent", "IntentHandling", "IntentResponse", "IntentResponseCode"] {
                try claim(intent.name + suffix, "the intent \(intent.name)")
            }
            try checkMembers(intent.parameters.map(\.name), reserved: Self.intentMembers, owner: intent.name + "Intent")
            try checkMembers(intent.responseParameters.map(\.name), reserved: Self.responseMembers, owner: intent.name + "IntentResponse")
            try checkMembers(intent.responseCodes.map(\.name), reserved: Self.codeMembers, owner: intent.name + "IntentResponseCode")
            for parameter in intent.parameters where !parameter.unsupportedReasons.isEmpty {
                let stem = intent.name + SwiftSource.upperFirst(parameter.name)
                try claim(stem + "ResolutionResult", "the resolution result of \(intent.name)Intent.\(parameter.name)")
                try claim(stem + "UnsupportedReason", "the unsupported reasons of \(intent.name)Intent.\(parameter.name)")
                try checkMembers(parameter.unsupportedReasons.map(\.code), reserved: Self.enumValueMembers, owner: stem + "UnsupportedReason")
            }
        }
    }

    private func checkTypeName(_ name: String, _ what: String) throws {
        let prefixed = ["IN", "CL", "NS"].contains { name.hasPrefix($0) && name.dropFirst(2).first?.isUppercase == true }
        if Self.reservedTypeNames.contains(name) || SwiftSource.isKeyword(name) || prefixed {
            throw fail("\(what) \(name) has the name of a Swift, Foundation or Intents type (or their IN, CL, NS prefixes); rename it in the definition.")
        }
    }

    /// Members of one declaration: unique, also as method names (`kind` and `Kind` both make
    /// `resolveKind`), and none named like a member the base class has.
    private func checkMembers(_ names: [String], reserved: Set<String>, owner: String) throws {
        var seen: Set<String> = []
        for name in names {
            if reserved.contains(name) {
                throw fail("\(owner).\(name) has the name of a member its base declaration already has; rename it in the definition.")
            }
            guard seen.insert(SwiftSource.upperFirst(name)).inserted else {
                throw fail("\(owner) has two members named \(name) (names that differ only in their first letter's case count as one); rename one.")
            }
        }
    }

    private func checkValues(of enumeration: IntentDefinition.Enumeration) throws {
        guard !enumeration.values.isEmpty else {
            throw fail("the enum \(enumeration.name) has no INEnumValues; it needs at least `unknown` (index 0) and one value.")
        }
        try checkMembers(enumeration.values.map(\.name), reserved: Self.enumValueMembers, owner: enumeration.name)
        var indices: [Int: String] = [:]
        for value in enumeration.values {
            if let other = indices[value.index] {
                throw fail("the enum \(enumeration.name) gives the index \(value.index) to both \(other) and \(value.name).")
            }
            indices[value.index] = value.name
            if value.index == 0 && value.name != "unknown" {
                throw fail("the enum \(enumeration.name)'s value \(value.name) has index 0 (INEnumValueIndex is missing), which means no value; give it an index of 1 or more, as Xcode does.")
            }
        }
    }
}
