import ExtensionProtocol
import SwiftSyntax

/// Reads one `AppEntity` type: its display name, what its `defaultQuery` can do (found by the
/// query type's declaration in the module) and its `@Property` properties.
struct EntityReader {
    let reader: DeclarationReader

    /// - Throws: `Unreadable` for a declaration that is not a literal, or a query the module does not declare.
    func read(_ type: DeclaredType) throws -> AppEntitySchema {
        let index = reader.index
        var schema = AppEntitySchema(typeName: index.qualifiedName(type), displayName: try reader.typeDisplayName(of: type))
        schema.isTransient = index.conforms(type, to: AppIntentsProtocols.transientEntities)
        if !schema.isTransient, let query = try queryType(of: type) {
            schema.matchesStrings = index.conforms(query, to: AppIntentsProtocols.stringQueries)
            schema.isEnumerable = index.conforms(query, to: AppIntentsProtocols.enumerableQueries)
        }
        for (attribute, decl, file) in type.wrappedProperties(["Property", "ComputedProperty", "DeferredProperty"]) {
            schema.properties.append(try property(attribute, decl, file, of: type))
        }
        return schema
    }

    /// The declaration of the type `defaultQuery` is (by its type annotation, else the type it
    /// constructs); nil for a `UniqueAppEntity` that declares none.
    private func queryType(of type: DeclaredType) throws -> DeclaredType? {
        guard let found = type.staticProperties(named: "defaultQuery").first else {
            if reader.index.conforms(type, to: AppIntentsProtocols.uniqueEntities) { return nil }
            throw reader.unreadable(type, type.file, at: type.declaration, "the defaultQuery (none is declared in the module)")
        }
        var components: [String]?
        if let annotation = found.binding.typeAnnotation?.type, !annotation.is(SomeOrAnyTypeSyntax.self) {
            components = ModuleIndex.components(of: annotation, droppingModule: reader.index.module)
        } else if let expr = Literals.value(of: found.binding), let call = expr.as(FunctionCallExprSyntax.self) {
            components = Literals.typeComponents(call.calledExpression)
            if components?.last == "init" { components?.removeLast() }
        }
        guard let components, let query = reader.index.resolve(components, from: type.path) else {
            throw reader.unreadable(type, found.file, at: found.decl, "the defaultQuery \(DeclarationReader.quote(found.binding)), whose type the module does not declare,")
        }
        return query
    }

    private func property(_ attribute: AttributeSyntax, _ decl: VariableDeclSyntax, _ file: ParsedFile,
                          of type: DeclaredType) throws -> AppEntityPropertySchema {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let written = binding.typeAnnotation?.type else {
            throw reader.unreadable(type, file, at: decl, "the @Property \(DeclarationReader.quote(decl.bindings)) (one property with its type written is read)")
        }
        guard case .value(let shape) = reader.values.shape(of: written, scope: type.path) else {
            throw reader.unreadable(type, file, at: written, "the type \(DeclarationReader.quote(written)) of the property \(name), which App Intents on this host cannot carry,")
        }
        var title = name
        if case .argumentList(let arguments) = attribute.arguments,
           let expr = Literals.argument("title", of: arguments) ?? Literals.argument(nil, of: arguments) {
            guard let text = Literals.text(expr, wrappers: ["LocalizedStringResource"]) else {
                throw reader.unreadable(type, file, at: expr, "the title \(DeclarationReader.quote(expr)) of the property \(name)")
            }
            title = text
        }
        return AppEntityPropertySchema(name: name, title: title, type: shape)
    }
}
