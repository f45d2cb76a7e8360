import SiriKitDomains

/// What the system generator knows of each element type a domain may use: the SDK's own value
/// types, and every enum, option set and type the domains declare.
struct SystemTypeTable {
    enum Kind {
        case builtin
        case enumeration(noValueCase: String)
        case optionSet
        case type
        /// Carried by the SDK only as a plain stored property (`Any`).
        case local
    }

    struct Entry {
        var kind: Kind
        /// The type's own resolution result (`INTaskListResolutionResult`), if the SDK has one.
        var result: String?
    }

    private(set) var entries: [String: Entry] = [
        "String": Entry(kind: .builtin, result: "INStringResolutionResult"),
        "Int": Entry(kind: .builtin, result: "INIntegerResolutionResult"),
        "Double": Entry(kind: .builtin, result: "INDoubleResolutionResult"),
        "Bool": Entry(kind: .builtin, result: "INBooleanResolutionResult"),
        "NSNumber": Entry(kind: .builtin, result: nil),
        "Date": Entry(kind: .builtin, result: nil),
        "DateComponents": Entry(kind: .builtin, result: "INDateComponentsResolutionResult"),
        "URL": Entry(kind: .builtin, result: "INURLResolutionResult"),
        "CLPlacemark": Entry(kind: .builtin, result: "INPlacemarkResolutionResult"),
        "INPerson": Entry(kind: .builtin, result: "INPersonResolutionResult"),
        "INSpeakableString": Entry(kind: .builtin, result: "INSpeakableStringResolutionResult"),
        "INCurrencyAmount": Entry(kind: .builtin, result: "INCurrencyAmountResolutionResult"),
        "INFile": Entry(kind: .builtin, result: "INFileResolutionResult"),
        "INObject": Entry(kind: .builtin, result: "INObjectResolutionResult"),
        "Any": Entry(kind: .local, result: nil),
        "INImage": Entry(kind: .local, result: nil),
        // A Swift enum with an associated value in Apple's API, so written by hand in the SDK.
        "INMediaDestination": Entry(kind: .builtin, result: "INMediaDestinationResolutionResult"),
    ]

    /// The per-parameter results the domains declare, by name.
    private(set) var results: [String: SystemResult] = [:]

    /// The one-sentence summaries of the domains' enums, option sets and types, by name.
    private(set) var summaries: [String: String] = [:]

    /// The table for `domains`.
    /// - Throws: `IntentDefinitionError` when a name is declared twice.
    init(domains: [SiriKitDomain]) throws {
        func add(_ name: String, _ entry: Entry, in domain: SiriKitDomain) throws {
            guard entries[name] == nil else { throw Self.duplicate(name, in: domain) }
            entries[name] = entry
        }
        for domain in domains {
            for enumeration in domain.enums {
                let cases = enumeration.numberedCases
                let noValue = cases.first { $0.number == 0 }?.name ?? cases.first?.name ?? ""
                try add(enumeration.name, Entry(kind: .enumeration(noValueCase: noValue),
                                                result: enumeration.hasResolutionResult ? enumeration.name + "ResolutionResult" : nil), in: domain)
            }
            for optionSet in domain.optionSets {
                try add(optionSet.name, Entry(kind: .optionSet, result: optionSet.name + "ResolutionResult"), in: domain)
            }
            for type in domain.types {
                try add(type.name, Entry(kind: .type, result: type.hasResolutionResult ? type.name + "ResolutionResult" : nil), in: domain)
            }
            for summary in domain.enums.map({ ($0.name, $0.summary) }) + domain.optionSets.map({ ($0.name, $0.summary) })
                + domain.types.map({ ($0.name, $0.summary) }) {
                summaries[summary.0] = summary.1
            }
            for result in domain.results {
                guard results[result.name] == nil else { throw Self.duplicate(result.name, in: domain) }
                results[result.name] = result
            }
        }
    }

    private static func duplicate(_ name: String, in domain: SiriKitDomain) -> IntentDefinitionError {
        IntentDefinitionError("SiriKit domain data: \(name) is declared twice in domain \(domain.name).")
    }

    /// The entry for `property`'s type, or an error naming the owner and the property.
    func entry(of property: SystemProperty, owner: String) throws -> Entry {
        guard let entry = entries[property.type] else {
            throw IntentDefinitionError("SiriKit domain data: \(owner).\(property.name) has type \(property.type), which no domain declares and the SDK does not have.")
        }
        if property.type == "NSNumber", !["integer", "double", "boolean"].contains(property.valueType ?? "") {
            throw IntentDefinitionError("SiriKit domain data: \(owner).\(property.name) is an NSNumber without valueType integer, double or boolean.")
        }
        if case .local = entry.kind, property.crossesBoundary {
            throw IntentDefinitionError("SiriKit domain data: \(owner).\(property.name) has type \(property.type), which cannot cross the process boundary; mark it crossesBoundary: false.")
        }
        return entry
    }

    /// The resolution result of `property`'s type.
    func kindResult(of property: SystemProperty, owner: String) throws -> String {
        if property.type == "NSNumber" {
            switch property.valueType {
            case "double": return "INDoubleResolutionResult"
            case "boolean": return "INBooleanResolutionResult"
            default: return "INIntegerResolutionResult"
            }
        }
        guard let result = try entry(of: property, owner: owner).result else {
            throw IntentDefinitionError("SiriKit domain data: \(owner).\(property.name) is resolved, but \(property.type) has no resolution result; give the parameter a result or resolves: false.")
        }
        return result
    }

    /// Whether `name` is a resolution result class the SDK has or the domains declare.
    func isResult(_ name: String) -> Bool {
        results[name] != nil || entries.values.contains { $0.result == name }
            || ["INIntegerResolutionResult", "INDoubleResolutionResult", "INBooleanResolutionResult",
                "INTimeIntervalResolutionResult"].contains(name)
    }

    /// `: whether an outgoing message is text or audio` (`, each a message: ...` for a list), the
    /// summary of a property's type when a domain declares it, to follow the property's name in
    /// its doc comment; empty otherwise.
    func gloss(of property: SystemProperty) -> String {
        guard var summary = summaries[property.type], !summary.isEmpty else { return "" }
        if summary.hasSuffix(".") { summary.removeLast() }
        let characters = Array(summary)
        // `A reminder's place` -> `a reminder's place`, but `GIF...` stays.
        if characters.count > 1, !characters[1].isUppercase { summary = summary.prefix(1).lowercased() + summary.dropFirst() }
        return property.isList ? ", each " + summary : ": " + summary
    }

    /// The factories of the resolution result class `result`, for the doc comments of the
    /// resolve methods that answer it.
    func shape(of result: String) -> HandlingEmitter.ResultShape {
        var shape = HandlingEmitter.ResultShape()
        var kindResult = result
        if let declared = results[result] {
            shape.unsupportedReasons = declared.reasonType
            shape.confirmationReasons = declared.confirmationReasonType
            kindResult = declared.base
        }
        let isOptionSet = entries.values.contains { entry in
            guard case .optionSet = entry.kind else { return false }
            return entry.result == kindResult
        }
        shape.disambiguation = !isOptionSet && !["INBooleanResolutionResult", "INTimeIntervalResolutionResult"].contains(kindResult)
        return shape
    }

    /// The Swift type of a property: `INTaskList?`, `[INSpeakableString]?`, `INTaskPriority`.
    static func swiftType(of property: SystemProperty) -> String {
        if property.isList { return property.isRequired ? "[\(property.type)]" : "[\(property.type)]?" }
        return property.isRequired ? property.type : property.type + "?"
    }
}
