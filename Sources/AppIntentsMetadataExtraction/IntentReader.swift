import ExtensionProtocol
import SwiftSyntax

/// Reads one `AppIntent` type: its static properties, its `@Parameter` properties in order,
/// its parameter summary and what `perform()` returns.
struct IntentReader {
    let reader: DeclarationReader

    /// - Throws: `Unreadable` for the first declaration that is not a literal.
    func read(_ type: DeclaredType) throws -> AppIntentSchema {
        let typeName = reader.index.qualifiedName(type)
        guard let title = try reader.staticText("title", of: type) else {
            throw reader.unreadable(type, type.file, at: type.declaration, "the title (none is declared in the module)")
        }
        var schema = AppIntentSchema(name: type.name, typeName: typeName, title: title)
        schema.description = try description(of: type)
        if let (expr, file) = try reader.staticValue("authenticationPolicy", of: type) {
            guard let name = Literals.memberName(expr), let policy = AppIntentAuthenticationPolicy(rawValue: name) else {
                throw reader.unreadable(type, file, at: expr, "the authenticationPolicy \(DeclarationReader.quote(expr))")
            }
            schema.authenticationPolicy = policy
        }
        // An OpenIntent opens its app unless it says otherwise, as the SDK's default has it.
        schema.openAppWhenRun = try reader.staticBool("openAppWhenRun", of: type) ?? reader.index.conforms(type, to: ["OpenIntent"])
        schema.isDiscoverable = try reader.staticBool("isDiscoverable", of: type) ?? true
        schema.customIntentClassName = try reader.staticText("intentClassName", of: type, wrappers: [])
        let parameterReader = ParameterReader(reader: reader)
        for (attribute, decl, file) in type.wrappedProperties(["Parameter"]) {
            switch try parameterReader.read(attribute, decl, file, of: type) {
            case .parameter(let parameter):
                schema.parameters.append(parameter)
            case .uncarriable(let name, let written):
                schema.unavailableReason = schema.unavailableReason
                    ?? "The parameter \"\(name)\" of \(typeName) is of type \(written), which App Intents on this host cannot carry."
            }
        }
        if let (expr, file) = try reader.staticValue("parameterSummary", of: type) {
            schema.parameterSummary = try ParameterSummaryReader(reader: reader, type: type, file: file).summary(expr)
        }
        schema.returnType = try returnType(of: type)
        return schema
    }

    /// `IntentDescription("…", categoryName:, searchKeywords:)`, a literal, or `IntentDescription(stringLiteral:)`.
    private func description(of type: DeclaredType) throws -> String? {
        try reader.staticText("description", of: type, wrappers: ["IntentDescription", "LocalizedStringResource"])
    }

    /// The `T` of `ReturnsValue<T>` in `perform()`'s result type; nil when it returns no value.
    private func returnType(of type: DeclaredType) throws -> AppValueTypeSchema? {
        for member in type.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "perform",
                  function.signature.parameterClause.parameters.isEmpty,
                  let result = function.signature.returnClause?.type else { continue }
            guard let valueType = Self.returnedValueType(result) else { return nil }
            switch reader.values.shape(of: valueType, scope: type.path) {
            case .value(let shape):
                return shape
            case .uncarriable:
                throw reader.unreadable(type, member.file, at: valueType, "the value type \(DeclarationReader.quote(valueType)) that perform() returns")
            }
        }
        return nil
    }

    /// `T` in `some IntentResult & ReturnsValue<T> & ProvidesDialog` (or without `some`).
    static func returnedValueType(_ type: TypeSyntax) -> TypeSyntax? {
        if let opaque = type.as(SomeOrAnyTypeSyntax.self) { return returnedValueType(opaque.constraint) }
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.lazy.compactMap { returnedValueType($0.type) }.first
        }
        return ValueTypeReader.genericArgument(of: type, named: "ReturnsValue")
            ?? type.as(MemberTypeSyntax.self).flatMap { member in
                member.name.text == "ReturnsValue" ? member.genericArgumentClause?.arguments.first.flatMap { Syntax($0.argument).as(TypeSyntax.self) } : nil
            }
    }
}
