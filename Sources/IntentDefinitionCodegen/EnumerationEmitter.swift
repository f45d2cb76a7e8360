/// Writes a custom enum (`Int` raw values, `unknown` = 0 as Xcode makes it) and its resolution result.
struct EnumerationEmitter {
    let enumeration: IntentDefinition.Enumeration
    let generator: SwiftIntentGenerator

    func emit(into out: inout SourceWriter) {
        let access = generator.access
        out.line()
        out.doc(enumeration.displayName)
        out.block("\(access) enum \(enumeration.name): Int, INIntentEnumeration") { out in
            for value in enumeration.values.sorted(by: { $0.index < $1.index }) {
                out.line("case \(SwiftSource.identifier(value.name)) = \(value.index)")
            }
            guard !enumeration.values.isEmpty else { return }
            out.line()
            out.block("\(access) var displayName: String") { out in
                out.switchOnSelf { out in
                    for value in enumeration.values.sorted(by: { $0.index < $1.index }) {
                        out.line("case .\(SwiftSource.identifier(value.name)): return \(SwiftSource.literal(value.displayName ?? value.name))")
                    }
                }
            }
        }
        out.line()
        out.doc("Resolves a parameter that holds a \(enumeration.name).")
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
        out.line()
        out.doc(type.displayName)
        try out.block("\(access) class \(name): INObject") { out in
            for property in type.properties {
                let mapped = try generator.type(of: property, owner: name)
                out.line(PropertyType.declaration(of: property, type: mapped, access: access))
            }
        }
        out.line()
        out.doc("Resolves a parameter that holds a \(name).")
        out.block("\(access) class \(name)ResolutionResult: INObjectResolutionResult") { out in
            out.line("\(access) class func success(with resolved\(name): \(name)) -> Self { success(with: resolved\(name) as INObject) }")
            out.line("\(access) class func disambiguation(with \(label)ToDisambiguate: [\(name)]) -> Self { disambiguation(with: \(label)ToDisambiguate as [INObject]) }")
            out.line("\(access) class func confirmationRequired(with \(label)ToConfirm: \(name)?) -> Self { confirmationRequired(with: \(label)ToConfirm as INObject?) }")
        }
    }
}
