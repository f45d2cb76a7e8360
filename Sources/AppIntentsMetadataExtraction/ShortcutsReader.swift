import ExtensionProtocol
import SwiftSyntax

/// Reads an `AppShortcutsProvider`'s `appShortcuts`: a result builder body (or array literal)
/// of `AppShortcut(intent:phrases:shortTitle:systemImageName:)` expressions, in order.
struct ShortcutsReader {
    let reader: DeclarationReader
    /// The module's intents as read, by type name, to check the parameters phrases name.
    let intents: [String: AppIntentSchema]

    /// - Throws: `Unreadable` for a body with anything but `AppShortcut(…)` expressions (a loop,
    ///   an `if`, a helper), or an argument that is not a literal.
    func read(_ type: DeclaredType) throws -> [AppShortcutSchema] {
        guard let found = type.staticProperties(named: "appShortcuts").first else {
            throw reader.unreadable(type, type.file, at: type.declaration, "the appShortcuts (none is declared in the module)")
        }
        let file = found.file
        var expressions: [ExprSyntax] = []
        if let statements = Literals.getterStatements(of: found.binding) {
            for statement in statements {
                guard let expr = statement.item.as(ExprSyntax.self) else {
                    throw reader.unreadable(type, file, at: statement, "the appShortcuts statement \(DeclarationReader.quote(statement))")
                }
                expressions.append(expr)
            }
        } else if let array = found.binding.initializer?.value.as(ArrayExprSyntax.self) {
            expressions = array.elements.map(\.expression)
        } else {
            throw reader.unreadable(type, file, at: found.decl, "the appShortcuts")
        }
        return try expressions.map { try shortcut($0, of: type, file: file) }
    }

    private func shortcut(_ expr: ExprSyntax, of type: DeclaredType, file: ParsedFile) throws -> AppShortcutSchema {
        guard let call = expr.as(FunctionCallExprSyntax.self), Literals.calledName(call) == "AppShortcut",
              let intentExpr = Literals.argument("intent", of: call.arguments),
              let intentCall = intentExpr.as(FunctionCallExprSyntax.self),
              var components = Literals.typeComponents(intentCall.calledExpression),
              let phrases = Literals.argument("phrases", of: call.arguments)?.as(ArrayExprSyntax.self) else {
            throw reader.unreadable(type, file, at: expr, "the App Shortcut \(DeclarationReader.quote(expr))")
        }
        if components.last == "init" { components.removeLast() }
        let intentName: String
        if let declared = reader.index.resolve(components, from: type.path) {
            intentName = reader.index.qualifiedName(declared)
        } else {
            intentName = components.last ?? ""
        }
        var schema = AppShortcutSchema(intent: intentName, phrases: [])
        for element in phrases.elements {
            guard let phrase = Literals.template(element.expression) else {
                throw reader.unreadable(type, file, at: element, "the phrase \(DeclarationReader.quote(element.expression))")
            }
            if let intent = intents[intentName] {
                for name in Self.parameterTokens(phrase) where intent.parameter(named: name) == nil {
                    throw reader.unreadable(type, file, at: element, "the phrase \(DeclarationReader.quote(element.expression)), which names no parameter \(name) of \(intentName),")
                }
            }
            schema.phrases.append(phrase)
        }
        if let title = Literals.argument("shortTitle", of: call.arguments) {
            guard let text = Literals.text(title, wrappers: ["LocalizedStringResource"]) else {
                throw reader.unreadable(type, file, at: title, "the shortTitle \(DeclarationReader.quote(title))")
            }
            schema.shortTitle = text
        }
        if let image = Literals.argument("systemImageName", of: call.arguments) {
            guard let text = Literals.plainString(image) else {
                throw reader.unreadable(type, file, at: image, "the systemImageName \(DeclarationReader.quote(image))")
            }
            schema.systemImageName = text
        }
        return schema
    }

    /// The parameter names of a phrase's `${name}` tokens, other than the app's name.
    static func parameterTokens(_ phrase: String) -> [String] {
        var names: [String] = []
        var characters = Array(phrase)[...]
        while let dollar = characters.firstIndex(of: "$") {
            characters = characters[(dollar + 1)...]
            guard characters.first == "{", let end = characters.firstIndex(of: "}") else { continue }
            let name = String(characters[(characters.startIndex + 1)..<end])
            if name != "applicationName" { names.append(name) }
            characters = characters[(end + 1)...]
        }
        return names
    }
}
