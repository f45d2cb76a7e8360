import Foundation
import ExtensionProtocol

/// A problem with an `.intentdefinition` file, in one sentence naming the file and the key.
public struct IntentDefinitionError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Reads an `.intentdefinition` property list (XML, as Xcode writes it, or binary).
///
/// Keys relied on: `INIntents`, `INEnums`, `INTypes` at the top; per intent `INIntentName`,
/// `INIntentType` (only `Custom` intents generate code), `INIntentTitle`, `INIntentDescription`,
/// `INIntentClassPrefix` (Xcode's class prefix: OpenHAB + GetItemState -> OpenHABGetItemStateIntent),
/// `INIntentCategory`, `INIntentVerb`, `INIntentKeyParameter`, `INIntentUserConfirmationRequired`,
/// `INIntentSuggestedInvocationPhrase`, `INIntentParameterCombinations` (each with
/// `INIntentParameterCombinationTitle`), `INIntentParameters` and `INIntentResponse`
/// (`INIntentResponseCodes`, `INIntentResponseParameters`). Parameters, response parameters and
/// type properties share one shape under their prefixes (`INIntentParameter`,
/// `INIntentResponseParameter`, `INTypeProperty`): `Name`, `DisplayName`, `Type`, `EnumType`,
/// `ObjectType`, `SupportsMultipleValues`; parameters add `SupportsResolution`,
/// `SupportsDynamicEnumeration`, `SupportsSearch`, `UnsupportedReasons` (`INIntentParameterUnsupportedReasonCode`,
/// `...FormatString`), `Relationship` (`INIntentParameterRelationshipParentName`, `...PredicateName`,
/// `...PredicateValue` or `...PredicateValues`) and, in `INIntentParameterMetadata`, `...MinimumValue`
/// and `...MaximumValue`. Codes: `INIntentResponseCodeName`, `...Success`, `...FormatString`,
/// `...ConciseFormatString`. Enums: `INEnumName`, `INEnumDisplayName`, `INEnumValues`
/// (`INEnumValueName`, `INEnumValueDisplayName`, `INEnumValueIndex`, 0 when absent). Types:
/// `INTypeName`, `INTypeDisplayName`, `INTypeProperties`, where `INTypePropertyDefault` marks the
/// properties `INObject` already has. Other keys (localization IDs, tags, UI metadata) are ignored.
public struct IntentDefinitionReader {
    /// The file's name, for messages.
    public let fileName: String
    /// Intents the generator skipped (not `Custom`), and definitions it generates though they
    /// look wrong (a relationship to a value its parent never has), with why.
    public private(set) var notes: [String] = []
    /// Relationships to an enum parent, checked against its cases once the enums are read.
    private var pendingEnumChecks: [(place: String, parent: IntentDefinition.Parameter, values: [String])] = []

    public init(fileName: String) {
        self.fileName = fileName
    }

    /// Largest file read: Xcode's files are tens of kilobytes.
    public static let maximumSize = 16 << 20

    public mutating func read(_ data: Data) throws -> IntentDefinition {
        guard data.count <= Self.maximumSize else {
            throw IntentDefinitionError("\(fileName) is \(data.count) bytes, more than the \(Self.maximumSize) an intent definition may have.")
        }
        if let problem = BinaryPropertyListCheck.problem(in: data) {
            throw IntentDefinitionError("\(fileName) is not a usable property list: \(problem)")
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw IntentDefinitionError("\(fileName) is not a property list: \(error.localizedDescription)")
        }
        guard let top = root as? [String: Any] else {
            throw IntentDefinitionError("\(fileName) does not hold a dictionary at its top level, as an intent definition does.")
        }
        let place = Place(file: fileName, path: "")
        var intents: [IntentDefinition.Intent] = []
        for (index, entry) in try place.dictionaries(top, "INIntents").enumerated() {
            let here = place.appending("INIntents[\(index)]")
            let type = try here.string(entry, "INIntentType") ?? "Custom"
            guard type == "Custom" else {
                notes.append("\(fileName): \(here.path) (\((try? here.string(entry, "INIntentName")) ?? "unnamed")) is a \(type) intent, not a custom one; no code is generated for it.")
                continue
            }
            intents.append(try intent(entry, at: here))
        }
        let enums = try place.dictionaries(top, "INEnums").enumerated().map { try enumeration($1, at: place.appending("INEnums[\($0)]")) }
        for check in pendingEnumChecks {
            guard let enumName = check.parent.property.enumType, let cases = enums.first(where: { $0.name == enumName })?.values else { continue }
            for value in check.values where !cases.contains(where: { $0.name == value || String($0.index) == value }) {
                notes.append("\(check.place) depends on \(check.parent.name) being \"\(SwiftSource.printable(value))\", which is not a case of \(enumName): the parameter never applies.")
            }
        }
        let types = try place.dictionaries(top, "INTypes").enumerated().map { try customType($1, at: place.appending("INTypes[\($0)]")) }
        return IntentDefinition(intents: intents, enums: enums, types: types)
    }

    private mutating func intent(_ entry: [String: Any], at place: Place) throws -> IntentDefinition.Intent {
        let name = (try place.optionalIdentifier(entry, "INIntentClassPrefix") ?? "") + (try place.identifier(entry, "INIntentName"))
        let here = place.named(name)
        var titles: [String: String] = [:]
        for (combination, value) in try here.dictionary(entry, "INIntentParameterCombinations") ?? [:] {
            if let value = value as? [String: Any], let title = value["INIntentParameterCombinationTitle"] as? String { titles[combination] = title }
        }
        var parameters: [IntentDefinition.Parameter] = []
        for (index, parameter) in try here.dictionaries(entry, "INIntentParameters").enumerated() {
            let spot = here.appending("INIntentParameters[\(index)]")
            let reasons = try spot.dictionaries(parameter, "INIntentParameterUnsupportedReasons").enumerated().map { offset, reason in
                IntentDefinition.UnsupportedReason(
                    code: try spot.appending("INIntentParameterUnsupportedReasons[\(offset)]").identifier(reason, "INIntentParameterUnsupportedReasonCode"),
                    formatString: try spot.string(reason, "INIntentParameterUnsupportedReasonFormatString"))
            }
            let property = try property(parameter, prefix: "INIntentParameter", at: spot)
            let named = spot.named(property.name)
            let metadata = try named.dictionary(parameter, "INIntentParameterMetadata") ?? [:]
            let limits = named.appending("INIntentParameterMetadata")
            parameters.append(IntentDefinition.Parameter(
                property: property,
                supportsResolution: try spot.bool(parameter, "INIntentParameterSupportsResolution"),
                supportsDynamicOptions: try spot.bool(parameter, "INIntentParameterSupportsDynamicEnumeration"),
                supportsSearch: try spot.bool(parameter, "INIntentParameterSupportsSearch"),
                unsupportedReasons: reasons,
                relationship: try relationship(parameter, at: named),
                minimum: try limits.number(metadata, "INIntentParameterMetadataMinimumValue"),
                maximum: try limits.number(metadata, "INIntentParameterMetadataMaximumValue")))
        }
        for (index, parameter) in parameters.enumerated() {
            guard let relationship = parameter.relationship else { continue }
            let parent = relationship.parent
            let place = "\(here.file): \(here.path).INIntentParameters (\(parameter.name)).INIntentParameterRelationship"
            guard parent != parameter.name, let parentIndex = parameters.firstIndex(where: { $0.name == parent }) else {
                throw IntentDefinitionError("\(place) names the parent \"\(parent)\", which is not another parameter of the intent.")
            }
            // The host resolves in declared order: a parent after its child is judged as the user gave it.
            if parentIndex > index {
                notes.append("\(place) names the parent \(parent), which comes after it: the host decides whether \(parameter.name) applies from \(parent) as the user gave it, before resolving \(parent).")
            }
            pendingEnumChecks.append((place, parent: parameters[parentIndex], values: relationship.values))
        }
        let response = try here.dictionary(entry, "INIntentResponse") ?? [:]
        let responsePlace = here.appending("INIntentResponse")
        let codes = try responsePlace.dictionaries(response, "INIntentResponseCodes").enumerated().map { index, code in
            let spot = responsePlace.appending("INIntentResponseCodes[\(index)]")
            return IntentDefinition.ResponseCode(name: try spot.identifier(code, "INIntentResponseCodeName"),
                                                 isSuccess: try spot.bool(code, "INIntentResponseCodeSuccess"),
                                                 formatString: try spot.string(code, "INIntentResponseCodeFormatString"),
                                                 conciseFormatString: try spot.string(code, "INIntentResponseCodeConciseFormatString"))
        }
        let outputs = try responsePlace.dictionaries(response, "INIntentResponseParameters").enumerated().map {
            try property($1, prefix: "INIntentResponseParameter", at: responsePlace.appending("INIntentResponseParameters[\($0)]"))
        }
        return IntentDefinition.Intent(
            name: name, title: try here.string(entry, "INIntentTitle"), description: try here.string(entry, "INIntentDescription"),
            category: try here.string(entry, "INIntentCategory"), verb: try here.string(entry, "INIntentVerb"),
            keyParameter: try here.string(entry, "INIntentKeyParameter"),
            userConfirmationRequired: try here.bool(entry, "INIntentUserConfirmationRequired"),
            suggestedInvocationPhrase: try here.string(entry, "INIntentSuggestedInvocationPhrase"),
            parameterCombinationTitles: titles, parameters: parameters, responseCodes: codes, responseParameters: outputs)
    }

    /// The predicates of `INIntentParameterRelationshipPredicateName` the host knows how to check.
    static let relationshipPredicates: Set<String> = ["HasAnyValue", "EnumHasExactValue", "BooleanHasExactValue"]

    /// A parameter's `INIntentParameterRelationship`, or nil when it has none; a predicate the host
    /// does not know leaves the parameter always applying, with a note.
    private mutating func relationship(_ entry: [String: Any], at place: Place) throws -> IntentDefinition.Relationship? {
        guard let relation = try place.dictionary(entry, "INIntentParameterRelationship") else { return nil }
        let here = place.appending("INIntentParameterRelationship")
        let parent = try here.identifier(relation, "INIntentParameterRelationshipParentName")
        let predicate = try here.string(relation, "INIntentParameterRelationshipPredicateName") ?? "HasAnyValue"
        guard Self.relationshipPredicates.contains(predicate) else {
            notes.append("\(here.file): \(here.path).INIntentParameterRelationshipPredicateName is \"\(SwiftSource.printable(predicate))\", which this SDK does not know; the parameter applies whatever \(parent) holds.")
            return nil
        }
        if predicate == "HasAnyValue" { return IntentDefinition.Relationship(parent: parent, values: []) }
        var values = try [relation["INIntentParameterRelationshipPredicateValue"]].compactMap { $0 }
            .map { try here.predicateValue($0, "INIntentParameterRelationshipPredicateValue") }
        if let many = relation["INIntentParameterRelationshipPredicateValues"] {
            guard let list = many as? [Any] else {
                throw IntentDefinitionError("\(here.file): \(here.path).INIntentParameterRelationshipPredicateValues is not an array.")
            }
            values += try list.map { try here.predicateValue($0, "INIntentParameterRelationshipPredicateValues") }
        }
        // Xcode leaves the value out for a Boolean parent that must be off.
        if values.isEmpty && predicate == "BooleanHasExactValue" { values = ["false"] }
        guard !values.isEmpty else {
            throw IntentDefinitionError("\(here.file): \(here.path) uses \(predicate) with no INIntentParameterRelationshipPredicateValue.")
        }
        return IntentDefinition.Relationship(parent: parent, values: values)
    }

    private func property(_ entry: [String: Any], prefix: String, at place: Place) throws -> IntentDefinition.Property {
        let name = try place.identifier(entry, prefix + "Name")
        let here = place.named(name)
        guard let type = try here.string(entry, prefix + "Type") else {
            throw IntentDefinitionError("\(here.file): \(here.path) has no \(prefix)Type.")
        }
        return IntentDefinition.Property(name: name, displayName: try here.string(entry, prefix + "DisplayName"), type: type,
                                         enumType: try here.optionalIdentifier(entry, prefix + "EnumType"),
                                         objectType: try here.optionalIdentifier(entry, prefix + "ObjectType"),
                                         isList: try here.bool(entry, prefix + "SupportsMultipleValues"))
    }

    private func enumeration(_ entry: [String: Any], at place: Place) throws -> IntentDefinition.Enumeration {
        let name = try place.identifier(entry, "INEnumName")
        let here = place.named(name)
        let values = try here.dictionaries(entry, "INEnumValues").enumerated().map { index, value in
            let spot = here.appending("INEnumValues[\(index)]")
            return IntentDefinition.Enumeration.Value(name: try spot.identifier(value, "INEnumValueName"),
                                                      displayName: try spot.string(value, "INEnumValueDisplayName"),
                                                      index: try spot.integer(value, "INEnumValueIndex") ?? 0)
        }
        return IntentDefinition.Enumeration(name: name, displayName: try here.string(entry, "INEnumDisplayName"), values: values)
    }

    private func customType(_ entry: [String: Any], at place: Place) throws -> IntentDefinition.CustomType {
        let name = try place.identifier(entry, "INTypeName")
        let here = place.named(name)
        let properties = try here.dictionaries(entry, "INTypeProperties").enumerated().compactMap { index, property -> IntentDefinition.Property? in
            let spot = here.appending("INTypeProperties[\(index)]")
            if try spot.bool(property, "INTypePropertyDefault") { return nil }
            return try self.property(property, prefix: "INTypeProperty", at: spot)
        }
        return IntentDefinition.CustomType(name: name, displayName: try here.string(entry, "INTypeDisplayName"), properties: properties)
    }
}

/// Where in the file a value is, for messages: `Intents.intentdefinition: INIntents[0] (OrderPizza)`.
struct Place {
    var file: String
    var path: String

    func appending(_ component: String) -> Place {
        Place(file: file, path: path.isEmpty ? component : "\(path).\(component)")
    }

    func named(_ name: String) -> Place { Place(file: file, path: "\(path) (\(name))") }

    private func fail(_ key: String, _ problem: String) -> IntentDefinitionError {
        IntentDefinitionError("\(file): \(path.isEmpty ? key : "\(path).\(key)") \(problem).")
    }

    func string(_ entry: [String: Any], _ key: String) throws -> String? {
        guard let value = entry[key] else { return nil }
        guard let text = value as? String else { throw fail(key, "is not a string") }
        return text
    }

    /// A flag; older Xcode versions also wrote `YES`/`NO` strings and 0/1 integers.
    func bool(_ entry: [String: Any], _ key: String) throws -> Bool {
        guard let value = entry[key] else { return false }
        if let flag = value as? Bool { return flag }
        if let number = value as? Int, number == 0 || number == 1 { return number == 1 }
        if let text = value as? String, ["YES", "NO", "true", "false"].contains(text) { return text == "YES" || text == "true" }
        throw fail(key, "is not a boolean")
    }

    func integer(_ entry: [String: Any], _ key: String) throws -> Int? {
        guard let value = entry[key] else { return nil }
        guard let number = value as? Int, number > -(1 << 31), number < 1 << 31 else { throw fail(key, "is not an integer") }
        return number
    }

    /// A number of the metadata (a limit): an integer or a real.
    func number(_ entry: [String: Any], _ key: String) throws -> Double? {
        guard let value = entry[key] else { return nil }
        if let number = value as? Int { return Double(number) }
        if let number = value as? Double, number.isFinite { return number }
        throw fail(key, "is not a number")
    }

    /// A relationship's value as the host compares it: a case name, `true` or `false`, a number.
    func predicateValue(_ value: Any, _ key: String) throws -> String {
        if let text = value as? String {
            guard !text.isEmpty, text.count <= 200 else { throw fail(key, "is empty or longer than 200 characters") }
            return text
        }
        // An <integer> may also read as a Bool (NSNumber), and a <true/> only as a Bool: the
        // number first, and 1 and 0 match a Boolean parent as true and false do.
        if let number = value as? Int { return String(number) }
        if let flag = value as? Bool { return flag ? "true" : "false" }
        throw fail(key, "is not a case name, a Boolean or a number")
    }

    func dictionary(_ entry: [String: Any], _ key: String) throws -> [String: Any]? {
        guard let value = entry[key] else { return nil }
        guard let dictionary = value as? [String: Any] else { throw fail(key, "is not a dictionary") }
        return dictionary
    }

    func dictionaries(_ entry: [String: Any], _ key: String) throws -> [[String: Any]] {
        guard let value = entry[key] else { return [] }
        guard let array = value as? [Any] else { throw fail(key, "is not an array") }
        return try array.enumerated().map { index, element in
            guard let dictionary = element as? [String: Any] else { throw fail("\(key)[\(index)]", "is not a dictionary") }
            return dictionary
        }
    }

    /// A name that becomes a Swift identifier: letters, digits and underscores, not starting with a digit.
    func identifier(_ entry: [String: Any], _ key: String) throws -> String {
        guard let name = try optionalIdentifier(entry, key) else { throw fail(key, "is missing") }
        return name
    }

    func optionalIdentifier(_ entry: [String: Any], _ key: String) throws -> String? {
        guard let name = try string(entry, key) else { return nil }
        guard SwiftSource.isIdentifier(name) else {
            throw fail(key, "is \"\(SwiftSource.printable(name))\", which is not a Swift name (letters, digits and _, not starting with a digit)")
        }
        return name
    }
}
