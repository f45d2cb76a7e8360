import SwiftSyntax

/// What the readers of intents, entities, enums and shortcuts share: the module's index, the
/// value type rules, and reading a `static` property written as a literal.
struct DeclarationReader {
    let index: ModuleIndex
    let values: ValueTypeReader

    init(index: ModuleIndex) {
        self.index = index
        self.values = ValueTypeReader(index: index, entityProtocols: AppIntentsProtocols.entities, enumProtocols: AppIntentsProtocols.enums)
    }

    /// The warning for a declaration of `type` that is not written as the extractor reads it.
    func unreadable(_ type: DeclaredType, _ file: ParsedFile, at node: some SyntaxProtocol, _ what: String) -> Unreadable {
        Unreadable(warning: file.warning(at: node, "\(what) of \(index.qualifiedName(type)) is not written as a literal the App Intents metadata "
            + "extractor reads, so the host will learn \(type.name) from the extension at run time"))
    }

    /// Code as quoted in a warning: one line, at most 60 characters.
    static func quote(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " } }.joined(separator: " ")
        return "`" + (text.count > 60 ? String(text.prefix(57)) + "..." : text) + "`"
    }

    /// The expression a `static` property of `type` is set to or its getter returns; nil when
    /// the type declares no such property.
    /// - Throws: `Unreadable` for a getter with more than one statement.
    func staticValue(_ name: String, of type: DeclaredType) throws -> (expr: ExprSyntax, file: ParsedFile)? {
        guard let found = type.staticProperties(named: name).first else { return nil }
        guard let expr = Literals.value(of: found.binding) else {
            throw unreadable(type, found.file, at: found.decl, "the \(name) (a getter of several statements)")
        }
        return (expr, found.file)
    }

    /// A `static` property written as text: a string literal, or one wrapped in one of `wrappers`.
    /// - Throws: `Unreadable` when it is anything else.
    func staticText(_ name: String, of type: DeclaredType, wrappers: Set<String> = ["LocalizedStringResource"],
                    labels: Set<String> = ["stringLiteral"]) throws -> String? {
        guard let (expr, file) = try staticValue(name, of: type) else { return nil }
        guard let text = Literals.text(expr, wrappers: wrappers, labels: labels) else {
            throw unreadable(type, file, at: expr, "the \(name) \(Self.quote(expr))")
        }
        return text
    }

    /// A `static` Boolean property written as `true` or `false`.
    /// - Throws: `Unreadable` when it is anything else.
    func staticBool(_ name: String, of type: DeclaredType) throws -> Bool? {
        guard let (expr, file) = try staticValue(name, of: type) else { return nil }
        guard let value = Literals.bool(expr) else { throw unreadable(type, file, at: expr, "the \(name) \(Self.quote(expr))") }
        return value
    }

    /// `typeDisplayRepresentation` (a literal, `TypeDisplayRepresentation(name:)`), else `typeDisplayName`.
    /// - Throws: `Unreadable` when neither is declared as a literal.
    func typeDisplayName(of type: DeclaredType) throws -> String {
        if let name = try staticText("typeDisplayRepresentation", of: type, wrappers: ["TypeDisplayRepresentation"], labels: ["name", "stringLiteral"]) {
            return name
        }
        if let name = try staticText("typeDisplayName", of: type) { return name }
        throw unreadable(type, type.file, at: type.declaration, "the typeDisplayRepresentation (none is declared in the module)")
    }
}
