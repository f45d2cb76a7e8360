import ExtensionProtocol
import SwiftSyntax

/// What a parameter's, property's or result's Swift type is in the metadata, read from how it
/// is written: the same rules as the SDK's `ValueShape` at run time (an optional list is
/// allowed, a list of optionals is not).
struct ValueTypeReader {
    enum Shape {
        case value(AppValueTypeSchema)
        /// A type App Intents here cannot carry, as written (`IntentFile`, `[Int?]`).
        case uncarriable(String)
    }

    /// Swift's and Foundation's types a value can be, by name.
    static let builtins: [String: AppValueKind] = [
        "String": .string, "Int": .integer, "Double": .double, "Bool": .boolean, "Date": .date, "URL": .url,
    ]
    /// Modules whose types are written with or without their module's name.
    static let systemModules: Set<String> = ["Swift", "Foundation", "AppIntents"]

    let index: ModuleIndex
    let entityProtocols: Set<String>
    let enumProtocols: Set<String>

    /// The shape of `type`, written in the scope of the type path `scope`.
    func shape(of type: TypeSyntax, scope: [String]) -> Shape {
        shape(of: type, scope: scope, aliasDepth: 0)
    }

    private func shape(of type: TypeSyntax, scope: [String], aliasDepth: Int) -> Shape {
        let written = type.trimmedDescription
        if let wrapped = Self.optionalWrapped(type) {
            guard case .value(var shape) = self.shape(of: wrapped, scope: scope, aliasDepth: aliasDepth), !shape.isOptional else { return .uncarriable(written) }
            shape.isOptional = true
            return .value(shape)
        }
        if let element = Self.arrayElement(type) {
            guard case .value(var shape) = self.shape(of: element, scope: scope, aliasDepth: aliasDepth), !shape.isOptional, !shape.isList else {
                return .uncarriable(written)
            }
            shape.isList = true
            return .value(shape)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return shape(of: attributed.baseType, scope: scope, aliasDepth: aliasDepth) }
        guard type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self), !Self.hasGenericArguments(type) else {
            return .uncarriable(written)
        }
        let components = ModuleIndex.components(of: type, droppingModule: index.module)
        if let declared = index.resolve(components, from: scope) {
            let typeName = index.qualifiedName(declared)
            if index.conforms(declared, to: entityProtocols) { return .value(AppValueTypeSchema(kind: .entity, typeName: typeName)) }
            if index.conforms(declared, to: enumProtocols) { return .value(AppValueTypeSchema(kind: .enumeration, typeName: typeName)) }
            return .uncarriable(written)
        }
        if let (aliased, aliasScope) = index.alias(components, from: scope) {
            // A typealias of the module: the type it stands for (a chain of aliases ends, or is refused).
            guard aliasDepth < 16 else { return .uncarriable(written) }
            return shape(of: aliased, scope: aliasScope, aliasDepth: aliasDepth + 1)
        }
        let isSystem = components.count == 1 || (components.count == 2 && Self.systemModules.contains(components[0]))
        if isSystem, let kind = Self.builtins[components.last!] { return .value(AppValueTypeSchema(kind: kind)) }
        if isSystem, Self.systemUncarriable.contains(components.last!) { return .uncarriable(written) }
        // Declared by another module (a shared package of the same library): its bare name,
        // which the host resolves against the library's other records.
        return .value(AppValueTypeSchema(kind: .entity, typeName: components.last!))
    }

    /// Swift's, Foundation's and App Intents' types that can be written as a parameter on
    /// Apple's systems but that this host does not carry.
    static let systemUncarriable: Set<String> = [
        "IntentFile", "IntentPerson", "IntentCurrencyAmount", "IntentPaymentMethod", "Measurement", "PersonNameComponents",
        "DateComponents", "Decimal", "Float", "CGFloat", "Float16", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
        "UInt16", "UInt32", "UInt64", "Data", "AttributedString", "Character", "Substring", "Duration", "TimeInterval",
        "CLPlacemark", "CLLocation", "INPerson", "UUID", "Color", "Image", "FileEntity",
    ]

    static func optionalWrapped(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
        return genericArgument(of: type, named: "Optional")
    }

    static func arrayElement(_ type: TypeSyntax) -> TypeSyntax? {
        if let array = type.as(ArrayTypeSyntax.self) { return array.element }
        return genericArgument(of: type, named: "Array")
    }

    /// `T` of `Name<T>` (or `Swift.Name<T>`).
    static func genericArgument(of type: TypeSyntax, named name: String) -> TypeSyntax? {
        let clause: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == name {
            clause = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self), member.name.text == name, member.baseType.trimmedDescription == "Swift" {
            clause = member.genericArgumentClause
        } else {
            clause = nil
        }
        guard let arguments = clause?.arguments, arguments.count == 1, let first = arguments.first else { return nil }
        return Syntax(first.argument).as(TypeSyntax.self)
    }

    static func hasGenericArguments(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.genericArgumentClause != nil }
        if let member = type.as(MemberTypeSyntax.self) { return member.genericArgumentClause != nil || hasGenericArguments(member.baseType) }
        return false
    }
}
