/// Writes a custom enum (`Int` raw values, `unknown` = 0 as Xcode makes it) and its resolution result.
struct EnumerationEmitter {
    let enumeration: IntentDefinition.Enumeration
    let generator: SwiftIntentGenerator

    func emit(into out: inout SourceWriter) {
        let access = generator.access
        out.line()
        out.doc(lines: [enumeration.displayName ?? "The \(DocText.words(enumeration.name)) enum of the intent definition.", "",
                        "It crosses the process boundary as its case, which a user names by its name, its display name or its number; "
                            + "`unknown` (0) means no value."])
        out.block("\(access) enum \(enumeration.name): Int, INIntentEnumeration") { out in
            for value in enumeration.values.sorted(by: { $0.index < $1.index }) {
                if value.index == 0 {
                    out.doc(lines: ["No value: a parameter holding it sends none to the host, and prompts do not offer it."])
                } else {
                    out.doc(lines: ["\(value.displayName ?? DocText.words(value.name)), as the definition calls it."])
                }
                out.line("case \(SwiftSource.identifier(value.name)) = \(value.index)")
            }
            guard !enumeration.values.isEmpty else { return }
            out.line()
            out.doc(lines: ["What the host shows for the case, and a name a user may type for it: its display name in the definition, or its name."])
            out.block("\(access) var displayName: String") { out in
                out.switchOnSelf { out in
                    for value in enumeration.values.sorted(by: { $0.index < $1.index }) {
                        out.line("case .\(SwiftSource.identifier(value.name)): return \(SwiftSource.literal(value.displayName ?? value.name))")
                    }
                }
            }
        }
        out.line()
        out.doc(lines: ["Resolves a parameter that holds a \(enumeration.name).", "",
                        "Its factories are those of `INEnumResolutionResult`: `success(with:)`, `disambiguation(with:)` and `confirmationRequired(with:)`, "
                            + "with `needsValue()`, `notRequired()` and `unsupported()`."])
        out.line("\(access) class \(enumeration.name)ResolutionResult: INEnumResolutionResult<\(enumeration.name)> {}")
    }
}

/// Writes a custom type (an `INObject` subclass with its own properties) and its resolution result.
struct CustomTypeEmitter {
    let type: IntentDefinition.CustomType
    let generator: SwiftIntentGenerator

    func emit(into out: inout SourceWriter) throws {
        let access = generator.access
        let name = type.name
        let label = SwiftSource.lowerFirst(name)
        let thing = type.displayName.flatMap { $0.isEmpty ? nil : $0.lowercased() } ?? DocText.words(name)
        out.line()
        out.doc(lines: [type.displayName ?? "The \(DocText.words(name)) type of the intent definition.", "",
                        "An `INObject`: its `identifier` and `displayString`, and the properties below, cross the process boundary; "
                            + "text a user types makes one with that display string and no identifier."])
        try out.block("\(access) class \(name): INObject") { out in
            for property in type.properties {
                let mapped = try generator.type(of: property, owner: name)
                let what = property.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? DocText.words(property.name)
                out.doc(lines: ["The \(thing)'s \(what).", "", property.isList ? "A list; nil when there are none." : "Nil when not set."])
                out.line(PropertyType.declaration(of: property, type: mapped, access: access))
            }
        }
        out.line()
        out.doc(lines: ["Resolves a parameter that holds a \(name).", "",
                        "A resolve method answers one of its class methods, or `needsValue()`, `notRequired()` or `unsupported()`."])
        out.block("\(access) class \(name)ResolutionResult: INObjectResolutionResult") { out in
            out.doc(lines: ["The \(thing) is right: the parameter takes this value, which may differ from what the user gave, and the host moves on to the next parameter.",
                            "", "- Parameter resolved\(name): The value the parameter takes; keep its `identifier`, which is how `handle` finds it.",
                            "- Returns: A success result."])
            out.line("\(access) class func success(with resolved\(name): \(name)) -> Self { success(with: resolved\(name) as INObject) }")
            out.doc(lines: ["The host asks the user which \(thing) they mean among these (showing the first 10), then resolves the parameter again with the pick. "
                                + "With one item it asks to confirm it; with none, it asks for a value.",
                            "", "- Parameter \(label)ToDisambiguate: The values to choose from.", "- Returns: A disambiguation result."])
            out.line("\(access) class func disambiguation(with \(label)ToDisambiguate: [\(name)]) -> Self { disambiguation(with: \(label)ToDisambiguate as [INObject]) }")
            out.doc(lines: ["The host asks the user \"Did you mean …?\" about this \(thing), or the parameter's current value when nil. "
                                + "After a yes the parameter is resolved again and the value is not asked about twice; after a no the user is asked for a value.",
                            "", "- Parameter \(label)ToConfirm: The value to ask about, or nil for the current one.", "- Returns: A confirmation result."])
            out.line("\(access) class func confirmationRequired(with \(label)ToConfirm: \(name)?) -> Self { confirmationRequired(with: \(label)ToConfirm as INObject?) }")
        }
    }
}
