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
        out.line()
        out.doc(enumeration.summary)
        out.block("public enum \(enumeration.name): Int, INIntentEnumeration, Sendable") { out in
            for item in cases { out.line("case \(SwiftSource.identifier(item.name)) = \(item.number)") }
            out.line()
            out.block("public var displayName: String") { out in
                out.switchOnSelf { out in
                    for item in cases {
                        out.line("case .\(SwiftSource.identifier(item.name)): return \(SwiftSource.literal(Self.words(item.name)))")
                    }
                }
            }
        }
        guard enumeration.hasResolutionResult else { return }
        out.line()
        out.doc("Resolves a parameter that holds an \(enumeration.name) value.")
        out.line("open class \(enumeration.name)ResolutionResult: INEnumResolutionResult<\(enumeration.name)> {}")
    }

    private func emit(_ optionSet: SystemOptionSet, into out: inout SourceWriter) throws {
        guard (1...63).contains(optionSet.options.count) else {
            throw IntentDefinitionError("SiriKit domain data: \(optionSet.name) has \(optionSet.options.count) options; an option set holds 1 to 63.")
        }
        out.line()
        out.doc(optionSet.summary)
        out.block("public struct \(optionSet.name): INIntentOptionSet, Sendable") { out in
            out.line("public let rawValue: UInt")
            out.line("public init(rawValue: UInt) { self.rawValue = rawValue }")
            for (bit, option) in optionSet.options.enumerated() {
                out.line("public static let \(SwiftSource.identifier(option)) = \(optionSet.name)(rawValue: 1 << \(bit))")
            }
            let names = optionSet.options.map { SwiftSource.literal(Self.words($0)) }
            out.line("public static var optionNames: [String] { [\(names.joined(separator: ", "))] }")
        }
        out.line()
        out.doc("Resolves a parameter that holds \(optionSet.name).")
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
        out.line()
        out.doc(type.summary)
        out.block("open class \(type.name): NSObject") { out in
            for property in type.properties {
                let binding = type.isMutable ? "var" : "let"
                out.line("public \(binding) \(SwiftSource.identifier(property.name)): \(SystemTypeTable.swiftType(of: property))")
            }
            out.line()
            SystemInitializer(properties: type.properties, labels: type.initializerLabels)
                .emit(into: &out, prefix: "public required", superCall: "super.init()", first: false)
            out.line()
            out.line("open override var description: String { \"\(type.name)(\\(intentValue.displayString))\" }")
            out.line()
            out.block("open override func isEqual(_ object: Any?) -> Bool") { out in
                out.line("guard let other = object as? \(type.name) else { return false }")
                out.line("return intentValue == other.intentValue")
            }
            out.line()
            out.line("open override var hash: Int { intentValue.hashValue }")
        }
        out.line()
        out.block("extension \(type.name): IntentValueConvertible") { out in
            out.line("public static var intentValueType: ValueType { .object }")
            out.line()
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
        let noun = SwiftSource.lowerFirst(String(type.name.dropFirst(2)))
        out.line()
        out.doc("Resolves a parameter that holds \(type.name).")
        out.block("open class \(type.name)ResolutionResult: INIntentResolutionResult") { out in
            out.line("public class func success(with resolved\(type.name.dropFirst(2)): \(type.name)) -> Self { success(resolved\(type.name.dropFirst(2))) }")
            out.line("public class func disambiguation(with \(noun)sToDisambiguate: [\(type.name)]) -> Self { disambiguation(\(noun)sToDisambiguate) }")
            out.line("public class func confirmationRequired(with \(noun)ToConfirm: \(type.name)?) -> Self { confirmation(\(noun)ToConfirm) }")
        }
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
            out.doc("Why a value cannot be used, numbered as Apple numbers the reasons.")
            out.block("public enum \(reasonType): Int, INUnsupportedReason, Sendable") { out in
                var next = 1
                for reason in result.reasons {
                    let number = reason.number ?? next
                    next = number + 1
                    out.line("case \(SwiftSource.identifier(reason.name)) = \(number)")
                }
                out.line()
                out.block("public var reasonDescription: String?") { out in
                    out.switchOnSelf { out in
                        for reason in result.reasons {
                            out.line("case .\(SwiftSource.identifier(reason.name)): return \(SwiftSource.literal(reason.description))")
                        }
                    }
                }
            }
        }
        if let confirmationType = result.confirmationReasonType {
            guard let value = result.confirmedType, !result.confirmationReasons.isEmpty else {
                throw IntentDefinitionError("SiriKit domain data: \(result.name) has confirmation reasons without confirmedType, or none.")
            }
            out.line()
            out.doc("Why the user is asked to confirm a \(value), numbered as Apple numbers the reasons.")
            out.block("public enum \(confirmationType): Int, Sendable") { out in
                for (index, reason) in result.confirmationReasons.enumerated() {
                    out.line("case \(SwiftSource.identifier(reason)) = \(index + 1)")
                }
            }
        }
        // `INPersonResolutionResult` -> `personResolutionResult`, the label Apple gives the copy.
        let baseLabel = SwiftSource.lowerFirst(String(result.base.dropFirst(2)))
        out.line()
        out.doc("Resolves one parameter, with the reasons it may be unsupported.")
        out.block("open class \(result.name): \(result.base)") { out in
            out.block("public convenience init(\(baseLabel): \(result.base))") { out in
                out.line("self.init()")
                out.line("resolution = \(baseLabel).resolution")
            }
            if let reasonType = result.reasonType {
                out.line("public class func unsupported(forReason reason: \(reasonType)) -> Self { unsupported(withReason: reason) }")
            }
            if let confirmationType = result.confirmationReasonType, let value = result.confirmedType {
                let noun = SwiftSource.lowerFirst(String(value.dropFirst(2)))
                out.doc("The reason stays with the extension; the user is asked to confirm the value.")
                out.line("public class func confirmationRequired(with \(noun)ToConfirm: \(value)?, forReason reason: \(confirmationType)) -> Self { confirmation(\(noun)ToConfirm) }")
            }
        }
    }

    /// `outgoingMessageText` -> `outgoing message text`, `GIF` -> `gif`, for prompts.
    static func words(_ name: String) -> String {
        var text = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { text += " " }
            text += character.lowercased()
            previous = character
        }
        return text
    }
}
