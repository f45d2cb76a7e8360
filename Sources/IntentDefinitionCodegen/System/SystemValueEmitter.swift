import SiriKitDomains

/// Writes a domain's enums, option sets, value types and per-parameter resolution results.
struct SystemValueEmitter {
    let domain: SiriKitDomain
    let table: SystemTypeTable

    func emit(into out: inout SourceWriter) throws {
        for enumeration in domain.enums { emit(enumeration, into: &out) }
        for optionSet in domain.optionSets { try emit(optionSet, into: &out) }
        for type in domain.types { try emit(type, into: &out) }
        for result in domain.results { try emit(result, into: &out) }
    }

    private func emit(_ enumeration: SystemEnum, into out: inout SourceWriter) {
        let cases = enumeration.numberedCases
        let noValue = cases.first { $0.number == 0 }?.name
        out.line()
        out.doc(lines: [enumeration.summary, "",
                        "It crosses the process boundary as its case, which a user names by its name, its display name or its number"
                            + (noValue.map { "; `\($0)` (0) means no value" } ?? "") + "."])
        out.block("public enum \(enumeration.name): Int, INIntentEnumeration, Sendable") { out in
            for item in cases {
                var lines = [enumeration.caseSummaries[item.name] ?? (item.number == 0 ? "No value: not given, or not known." : "The \(Self.words(item.name)) case.")]
                if item.number == 0 {
                    lines += ["", "Number 0, which means no value: a parameter holding it sends none to the host, and prompts do not offer it."]
                }
                out.doc(lines: lines)
                out.line("case \(SwiftSource.identifier(item.name)) = \(item.number)")
            }
            out.line()
            let example = cases.first { $0.number != 0 } ?? cases.first
            out.doc(lines: ["What the host shows for the case, and a name a user may type for it: the case name in words"
                            + (example.map { " (\"\(Self.words($0.name))\" for `\($0.name)`)" } ?? "") + "."])
            out.block("public var displayName: String") { out in
                out.switchOnSelf { out in
                    for item in cases {
                        out.line("case .\(SwiftSource.identifier(item.name)): return \(SwiftSource.literal(Self.words(item.name)))")
                    }
                }
            }
        }
        out.rawValueMembers(of: enumeration.name, access: "public", cases: cases)
        guard enumeration.hasResolutionResult else { return }
        out.line()
        out.doc(lines: ["Resolves a parameter that holds an \(enumeration.name) value.", "",
                        "Its factories are those of `INEnumResolutionResult`: `success(with:)`, `disambiguation(with:)` and `confirmationRequired(with:)`, "
                            + "with `needsValue()`, `notRequired()` and `unsupported()`."])
        out.line("open class \(enumeration.name)ResolutionResult: INEnumResolutionResult<\(enumeration.name)> {}")
    }

    private func emit(_ optionSet: SystemOptionSet, into out: inout SourceWriter) throws {
        guard (1...63).contains(optionSet.options.count) else {
            throw IntentDefinitionError("SiriKit domain data: \(optionSet.name) has \(optionSet.options.count) options; an option set holds 1 to 63.")
        }
        out.line()
        out.doc(lines: [optionSet.summary, "",
                        "It crosses the process boundary as the list of its options' names, so that a user types several separated by commas "
                            + "(`\(optionSet.options.prefix(2).map(Self.words).joined(separator: ","))`); the empty set means no value."])
        out.block("public struct \(optionSet.name): INIntentOptionSet, Sendable") { out in
            out.doc(lines: ["The options as bits: the option at index `i` of `optionNames` is bit `i`."])
            out.line("public let rawValue: UInt")
            out.doc(lines: ["The options whose bits are set in `rawValue`.", "", "- Parameter rawValue: The options' bits; bits past the last option are kept, but name no option."])
            out.line("public init(rawValue: UInt) { self.rawValue = rawValue }")
            for (bit, option) in optionSet.options.enumerated() {
                out.doc(lines: [optionSet.optionSummaries[option] ?? "The \(Self.words(option)) option.", "",
                                "Bit \(bit); a user names it \"\(Self.words(option))\"."])
                out.line("public static let \(SwiftSource.identifier(option)) = \(optionSet.name)(rawValue: 1 << \(bit))")
            }
            let names = optionSet.options.map { SwiftSource.literal(Self.words($0)) }
            out.doc(lines: ["The options' names, in bit order: what the host shows and what a user types."])
            out.line("public static var optionNames: [String] { [\(names.joined(separator: ", "))] }")
        }
        out.line()
        out.doc(lines: ["Resolves a parameter that holds \(optionSet.name).", "",
                        "Its factories are those of `INOptionSetResolutionResult`: `success(with:)` and `confirmationRequired(with:)`, "
                            + "with `needsValue()`, `notRequired()` and `unsupported()`."])
        out.line("open class \(optionSet.name)ResolutionResult: INOptionSetResolutionResult<\(optionSet.name)> {}")
    }

    private func emit(_ type: SystemType, into out: inout SourceWriter) throws {
        let entries = try type.properties.map { ($0, try table.entry(of: $0, owner: type.name)) }
        if let display = type.displayProperty {
            guard let property = type.properties.first(where: { $0.name == display }),
                  ["String", "INSpeakableString"].contains(property.type), !property.isList else {
                throw IntentDefinitionError("SiriKit domain data: \(type.name)'s displayProperty \(display) is not one of its String or INSpeakableString properties.")
            }
        }
        let noun = SwiftSource.lowerFirst(String(type.name.dropFirst(2)))
        let named = type.displayProperty.map {
            "a user names one by its `\($0)`: typed text fills `\($0)`, which is also what the host shows"
        } ?? "it has no display property, so text a user types makes none"
        out.line()
        out.doc(lines: [type.summary, "",
                        "It crosses the process boundary as an object with its properties; \(named). "
                            + (type.isMutable ? "Its properties are settable, as the extension fills them in." : "Its properties are read-only, set by its initializer.")])
        out.block("open class \(type.name): NSObject, NSSecureCoding, NSCopying") { out in
            for property in type.properties {
                let binding = type.isMutable ? "var" : "let"
                out.doc(lines: valueDocs(property, of: type, noun: noun))
                out.line("public \(binding) \(SwiftSource.identifier(property.name)): \(SystemTypeTable.swiftType(of: property))")
            }
            out.line()
            SystemInitializer(properties: type.properties, labels: type.initializerLabels)
                .emit(into: &out, prefix: "public required", superCall: "super.init()", first: false,
                      summary: "Makes \(Self.article(noun)) \(Self.words(noun)) from its properties, in the order of Apple's initializer.")
            out.line()
            out.doc(lines: ["`\(type.name)(` and the display string `)`, for logs."])
            out.line("open override var description: String { \"\(type.name)(\\(intentValue.displayString))\" }")
            out.line()
            out.doc(lines: ["Whether `object` is \(Self.article(type.name)) `\(type.name)` with the same properties, compared as they cross the process boundary.",
                            "", "- Parameter object: The value to compare with.", "- Returns: True when both carry the same properties."])
            out.block("open override func isEqual(_ object: Any?) -> Bool") { out in
                out.line("guard let other = object as? \(type.name) else { return false }")
                out.line("return intentValue == other.intentValue")
            }
            out.line()
            out.doc(lines: ["A hash of the properties as they cross the process boundary, consistent with `isEqual(_:)`."])
            out.line("open override var hash: Int { intentValue.hashValue }")
            emitCoding(of: type, noun: noun, into: &out)
        }
        out.line()
        out.block("extension \(type.name): IntentValueCodable") { out in
            out.doc(lines: ["An object with properties: how \(Self.article(type.name)) `\(type.name)` crosses the process boundary."])
            out.line("public static var intentValueType: ValueType { .object }")
            out.line()
            let crossing = type.properties.filter(\.crossesBoundary).map(\.name)
            out.doc(lines: ["The value as it crosses the process boundary: an object with \(crossing.isEmpty ? "no properties" : DocText.codeList(crossing))"
                            + (type.displayProperty.map { ", displayed by `\($0)`" } ?? "") + "."])
            out.block("public var intentValue: IntentValue") { out in
                out.line("var fields = ObjectFields()")
                for (property, _) in entries where property.crossesBoundary {
                    out.line("fields.set(\(SwiftSource.literal(property.name)), \(SwiftSource.identifier(property.name)))")
                }
                let display = type.displayProperty.map { SwiftSource.literal($0) } ?? "nil"
                out.line("return fields.value(displayedBy: \(display))")
            }
            out.line()
            out.doc("The value from its properties; a name the user typed fills the display property.")
            out.block("public static func fromIntentValue(_ value: IntentValue) -> Self?") { out in
                out.line("guard var fields = ObjectFields(value) else { return nil }")
                if type.displayProperty == nil {
                    out.line("// Nothing is named by its display string: a typed name makes no value.")
                    out.line("guard !fields.isTypedName else { return nil }")
                }
                var guards: [String] = []
                var arguments: [String] = []
                for (property, entry) in entries {
                    let name = SwiftSource.identifier(property.name)
                    let label = type.initializerLabels[property.name] ?? property.name
                    guard property.crossesBoundary else {
                        arguments.append("\(SwiftSource.identifier(label)): nil")
                        continue
                    }
                    let swiftType = property.isList ? "[\(property.type)]" : property.type
                    let read = property.name == type.displayProperty ? "named" : "get"
                    out.line("let \(name): \(swiftType)? = fields.\(read)(\(SwiftSource.literal(property.name)))")
                    var argument = name
                    if property.isRequired {
                        if let fallback = property.defaultValue {
                            argument = "\(name) ?? \(fallback)"
                        } else if property.isList {
                            argument = "\(name) ?? []"
                        } else if case .enumeration(let noValue) = entry.kind {
                            argument = "\(name) ?? .\(SwiftSource.identifier(noValue))"
                        } else if case .optionSet = entry.kind {
                            argument = "\(name) ?? []"
                        } else {
                            guards.append("let \(name)")
                        }
                    }
                    arguments.append("\(SwiftSource.identifier(label)): \(argument)")
                }
                out.line("guard !fields.failed\(guards.map { ", " + $0 }.joined()) else { return nil }")
                out.line("return Self(\(arguments.joined(separator: ", ")))")
            }
        }
        guard type.hasResolutionResult else { return }
        let thing = Self.words(noun)
        out.line()
        out.doc(lines: ["Resolves a parameter that holds \(type.name).", "",
                        "A resolve method answers one of its class methods, or `needsValue()`, `notRequired()` or `unsupported()`."])
        out.block("open class \(type.name)ResolutionResult: INIntentResolutionResult") { out in
            out.doc(lines: ["The \(thing) is right: the parameter takes this value, which may differ from what the user gave, and the host moves on to the next parameter.",
                            "", "- Parameter resolved\(type.name.dropFirst(2)): The value the parameter takes.", "- Returns: A success result."])
            out.line("public class func success(with resolved\(type.name.dropFirst(2)): \(type.name)) -> Self { success(resolved\(type.name.dropFirst(2))) }")
            out.doc(lines: ["The host asks the user which \(thing) they mean among these (showing the first 10), then resolves the parameter again with the pick. "
                                + "With one item it asks to confirm it; with none, it asks for a value.",
                            "", "- Parameter \(noun)sToDisambiguate: The values to choose from.", "- Returns: A disambiguation result."])
            out.line("public class func disambiguation(with \(noun)sToDisambiguate: [\(type.name)]) -> Self { disambiguation(\(noun)sToDisambiguate) }")
            out.doc(lines: ["The host asks the user \"Did you mean …?\" about this \(thing), or the parameter's current value when nil. "
                                + "After a yes the parameter is resolved again and the value is not asked about twice; after a no the user is asked for a value.",
                            "", "- Parameter \(noun)ToConfirm: The value to ask about, or nil for the current one.", "- Returns: A confirmation result."])
            out.line("public class func confirmationRequired(with \(noun)ToConfirm: \(type.name)?) -> Self { confirmation(\(noun)ToConfirm) }")
        }
    }

    /// `NSSecureCoding` and `NSCopying`: the value archives as it crosses the process boundary
    /// (the SDK's `IntentArchive`), and copies through its wire form, so that a copy shares no
    /// mutable object with the original; what never crosses (an `INImage`) is not archived, and
    /// is shared by the copy.
    private func emitCoding(of type: SystemType, noun: String, into out: inout SourceWriter) {
        let thing = Self.words(noun)
        let kept = type.properties.filter { !$0.crossesBoundary }.map(\.name)
        let notArchived = kept.isEmpty ? "" : " \(DocText.codeList(kept)) never \(kept.count == 1 ? "crosses" : "cross") the boundary and \(kept.count == 1 ? "is" : "are") not archived."
        func arguments(from source: String, keeping: String?) -> String {
            type.properties.map { property in
                let label = SwiftSource.identifier(type.initializerLabels[property.name] ?? property.name)
                let name = SwiftSource.identifier(property.name)
                guard property.crossesBoundary else { return "\(label): \(keeping.map { "\($0).\(name)" } ?? "nil")" }
                return "\(label): \(source).\(name)"
            }.joined(separator: ", ")
        }
        out.line()
        out.doc(lines: ["True: \(Self.article(thing)) \(thing) archives with `NSKeyedArchiver` under secure coding."])
        out.line("public class var supportsSecureCoding: Bool { true }")
        out.line()
        out.doc(lines: ["Archives the \(thing) as it crosses the process boundary, its properties in the SDK's wire coding.\(notArchived)",
                        "", "- Parameter coder: A keyed coder (`NSKeyedArchiver`)."])
        out.line("open func encode(with coder: NSCoder) { IntentArchive.encode(intentValue, into: coder) }")
        out.line()
        out.doc(lines: ["Reads \(Self.article(thing)) \(thing) archived by `encode(with:)`; nil when the archive is not one, or a property has the wrong kind.",
                        "", "- Parameter coder: A keyed coder (`NSKeyedUnarchiver`)."])
        out.block("public required convenience init?(coder: NSCoder)") { out in
            out.line("guard let read = IntentArchive.decodeObject(\(type.name).self, from: coder) else { return nil }")
            out.line("self.init(\(arguments(from: "read", keeping: nil)))")
        }
        out.line()
        out.doc(lines: ["\(Self.article(thing).capitalized) \(thing) of the same class, equal to this one and independent of it: its properties are rebuilt from their wire form.",
                        "", "- Parameter zone: Unused, as in Swift on Apple's systems.", "- Returns: The new \(thing)."])
        out.block("open func copy(with zone: NSZone? = nil) -> Any") { out in
            out.line("// The value comes from this very class, so it always reads back.")
            out.line("guard let copied = Self.fromIntentValue(intentValue) else { return self }")
            out.line("return Self(\(arguments(from: "copied", keeping: "self")))")
        }
    }

    /// `a` or `an`, for `an INTask`, `a task list`.
    static func article(_ word: String) -> String { DocText.article(word) }

    /// A value type's property: what it is, and what nil means.
    private func valueDocs(_ property: SystemProperty, of type: SystemType, noun: String) -> [String] {
        let lines = ["The \(Self.words(noun))'s \(Self.words(property.name))\(table.gloss(of: property))."]
        guard property.crossesBoundary else {
            return lines + ["", "It stays in the extension: it does not cross the process boundary, so the host never sees it."]
        }
        var notes: [String] = []
        if property.name == type.displayProperty { notes.append("The display string: what the host shows, and what text a user types fills.") }
        if !property.isRequired { notes.append(property.isList ? "Nil when there are none." : "Nil when not known.") }
        if property.isRequired, case .enumeration(let noValue)? = try? table.entry(of: property, owner: type.name).kind, !property.isList {
            notes.append("`\(noValue)` when not known.")
        }
        if let value = property.valueType { notes.append("It crosses the boundary as \(Self.article(value)) \(value).") }
        return notes.isEmpty ? lines : lines + [""] + [notes.joined(separator: " ")]
    }

    private func emit(_ result: SystemResult, into out: inout SourceWriter) throws {
        guard table.isResult(result.base) else {
            throw IntentDefinitionError("SiriKit domain data: \(result.name) refines \(result.base), which is not a resolution result the SDK has.")
        }
        if let reasonType = result.reasonType {
            guard !result.reasons.isEmpty else {
                throw IntentDefinitionError("SiriKit domain data: \(reasonType) has no reasons.")
            }
            out.line()
            out.doc(lines: ["Why a value cannot be used, numbered as Apple numbers the reasons.", "",
                            "A resolve method answers `\(result.name).unsupported(forReason:)` with one; the host tells the user its sentence "
                                + "(`reasonDescription`), then asks for another value."])
            var next = 1
            let numbered = result.reasons.map { reason -> (name: String, number: Int) in
                let number = reason.number ?? next
                next = number + 1
                return (reason.name, number)
            }
            out.block("public enum \(reasonType): Int, INUnsupportedReason, Sendable") { out in
                for (reason, item) in zip(result.reasons, numbered) {
                    out.doc(lines: [reason.description, "", "The host tells the user this sentence, then asks for another value."])
                    out.line("case \(SwiftSource.identifier(reason.name)) = \(item.number)")
                }
                out.line()
                out.doc(lines: ["The sentence the host tells the user before asking for another value."])
                out.block("public var reasonDescription: String?") { out in
                    out.switchOnSelf { out in
                        for reason in result.reasons {
                            out.line("case .\(SwiftSource.identifier(reason.name)): return \(SwiftSource.literal(reason.description))")
                        }
                    }
                }
            }
            out.rawValueMembers(of: reasonType, access: "public", cases: numbered)
        }
        if let confirmationType = result.confirmationReasonType {
            guard let value = result.confirmedType, !result.confirmationReasons.isEmpty else {
                throw IntentDefinitionError("SiriKit domain data: \(result.name) has confirmation reasons without confirmedType, or none.")
            }
            out.line()
            out.doc(lines: ["Why the user is asked to confirm a \(value), numbered as Apple numbers the reasons.", "",
                            "The reason stays with the extension: the host asks the user to confirm the value, whatever the reason."])
            out.block("public enum \(confirmationType): Int, Sendable") { out in
                for (index, reason) in result.confirmationReasons.enumerated() {
                    out.doc(lines: ["The \(Self.words(value.dropFirst(2).description)) is asked about because \(Self.words(reason))."])
                    out.line("case \(SwiftSource.identifier(reason)) = \(index + 1)")
                }
            }
            out.rawValueMembers(of: confirmationType, access: "public", cases: result.confirmationReasons.enumerated().map { ($0.element, $0.offset + 1) })
        }
        // `INPersonResolutionResult` -> `personResolutionResult`, the label Apple gives the copy.
        let baseLabel = SwiftSource.lowerFirst(String(result.base.dropFirst(2)))
        out.line()
        let reasons = [result.reasonType.map { "the reasons it may be unsupported (`\($0)`)" },
                       result.confirmationReasonType.map { "the reasons to confirm it (`\($0)`)" }].compactMap { $0 }
        out.doc(lines: ["Resolves one parameter, with " + (reasons.isEmpty ? "the values it takes narrowed to this parameter." : reasons.joined(separator: " and ") + "."),
                        "", "It has the factories of `\(result.base)`, which it refines, and those below."])
        out.block("open class \(result.name): \(result.base)") { out in
            out.doc(lines: ["A result that carries the same answer as `\(baseLabel)`, to answer with a result made by `\(result.base)`.",
                            "", "- Parameter \(baseLabel): The result to copy."])
            out.block("public convenience init(\(baseLabel): \(result.base))") { out in
                out.line("self.init()")
                out.line("resolution = \(baseLabel).resolution")
            }
            if let reasonType = result.reasonType {
                out.doc(lines: ["The value cannot be used, for `reason`: the host tells the user the reason's sentence, then asks for another value, which is resolved again.",
                                "", "- Parameter reason: Why the value cannot be used.", "- Returns: An unsupported result."])
                out.line("public class func unsupported(forReason reason: \(reasonType)) -> Self { unsupported(withReason: reason) }")
            }
            if let confirmationType = result.confirmationReasonType, let value = result.confirmedType {
                let noun = SwiftSource.lowerFirst(String(value.dropFirst(2)))
                out.doc(lines: ["The reason stays with the extension; the user is asked to confirm the value.",
                                "", "The host asks \"Did you mean …?\" about the value (the parameter's current one when nil); after a yes the parameter is resolved again "
                                    + "and the value is not asked about twice, after a no the user is asked for another.",
                                "", "- Parameters:", "  - \(noun)ToConfirm: The value to ask about, or nil for the current one.", "  - reason: Why the user is asked.",
                                "- Returns: A confirmation result."])
                out.line("public class func confirmationRequired(with \(noun)ToConfirm: \(value)?, forReason reason: \(confirmationType)) -> Self { confirmation(\(noun)ToConfirm) }")
            }
        }
    }

    /// `outgoingMessageText` -> `outgoing message text`, `GIF` -> `gif`, for prompts.
    static func words(_ name: String) -> String { DocText.words(name) }
}
