import ExtensionProtocol
import SwiftSyntax

/// Reads one `@Parameter` property: its name, type and the wrapper's arguments.
struct ParameterReader {
    enum Result {
        case parameter(AppParameterSchema)
        /// A parameter of a type App Intents here cannot carry: its name and type as written.
        case uncarriable(name: String, type: String)
    }

    let reader: DeclarationReader

    /// - Throws: `Unreadable` for an argument that is not a literal, or a property with no type.
    func read(_ attribute: AttributeSyntax, _ decl: VariableDeclSyntax, _ file: ParsedFile, of type: DeclaredType) throws -> Result {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let written = binding.typeAnnotation?.type else {
            throw reader.unreadable(type, file, at: decl, "the @Parameter \(DeclarationReader.quote(decl.bindings)) (one property with its type written is read)")
        }
        let name = identifier.removing("`")
        let shape: AppValueTypeSchema
        switch reader.values.shape(of: written, scope: type.path) {
        case .value(let value): shape = value
        case .uncarriable(let text): return .uncarriable(name: name, type: text)
        }
        var parameter = AppParameterSchema(name: name, title: name, kind: shape.kind, typeName: shape.typeName,
                                           isOptional: shape.isOptional, isList: shape.isList)
        guard case .argumentList(let arguments) = attribute.arguments else { return .parameter(parameter) }
        func text(_ label: String?, _ what: String, wrappers: Set<String>) throws -> String? {
            guard let expr = Literals.argument(label, of: arguments) else { return nil }
            guard let value = Literals.text(expr, wrappers: wrappers) else {
                throw reader.unreadable(type, file, at: expr, "the \(what) \(DeclarationReader.quote(expr)) of the parameter \(name)")
            }
            return value
        }
        let resource: Set<String> = ["LocalizedStringResource"]
        let dialog: Set<String> = ["IntentDialog", "LocalizedStringResource"]
        parameter.title = try text("title", "title", wrappers: resource) ?? text(nil, "title", wrappers: resource) ?? name
        parameter.description = try text("description", "description", wrappers: resource)
        parameter.requestValueDialog = try text("requestValueDialog", "requestValueDialog", wrappers: dialog)
        parameter.requestDisambiguationDialog = try text("requestDisambiguationDialog", "requestDisambiguationDialog", wrappers: dialog)
        if let value = Literals.argument("default", of: arguments) {
            guard Literals.isLiteral(value) else {
                throw reader.unreadable(type, file, at: value, "the default \(DeclarationReader.quote(value)) of the parameter \(name)")
            }
            parameter.hasDefault = true
        }
        if let range = Literals.argument("inclusiveRange", of: arguments) {
            guard let tuple = range.as(TupleExprSyntax.self), tuple.elements.count == 2,
                  let low = Literals.number(tuple.elements.first!.expression), let high = Literals.number(tuple.elements.last!.expression) else {
                throw reader.unreadable(type, file, at: range, "the inclusiveRange \(DeclarationReader.quote(range)) of the parameter \(name)")
            }
            parameter.minimum = low
            parameter.maximum = high
        }
        return .parameter(parameter)
    }
}
