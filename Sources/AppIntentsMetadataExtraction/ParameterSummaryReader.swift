import SwiftSyntax

/// Reads an intent's `parameterSummary`: the `Summary("…")` text as a `${name}` template; for
/// `When(…) { … } otherwise: { … }` and `Switch(…) { Case … DefaultCase { … } }`, the default
/// branch's summary, as the host shows one summary whatever the values.
struct ParameterSummaryReader {
    let reader: DeclarationReader
    let type: DeclaredType
    let file: ParsedFile

    /// The template, or nil for a `Summary` with no text.
    /// - Throws: `Unreadable` for anything else (a computed summary, a `When` with no `otherwise`).
    func summary(_ expr: ExprSyntax) throws -> String? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let called = Literals.calledName(call) else { throw failure(expr) }
        switch called {
        case "Summary", "IntentParameterSummary":
            guard let text = Literals.argument(nil, of: call.arguments) else { return nil }
            guard let template = Literals.template(text) else { throw failure(text) }
            return template
        case "When":
            let otherwise = call.additionalTrailingClosures.first { $0.label.text == "otherwise" }?.closure
                ?? Literals.argument("otherwise", of: call.arguments)?.as(ClosureExprSyntax.self)
            guard let otherwise else { throw failure(expr) }
            return try summary(inClosure: otherwise)
        case "Switch":
            let body = call.trailingClosure ?? Literals.argument("cases", of: call.arguments)?.as(ClosureExprSyntax.self)
            let defaultCase = body?.statements.lazy.compactMap { $0.item.as(FunctionCallExprSyntax.self) }
                .first { Literals.calledName($0) == "DefaultCase" }
            guard let closure = defaultCase?.trailingClosure else { throw failure(expr) }
            return try summary(inClosure: closure)
        default:
            throw failure(expr)
        }
    }

    private func summary(inClosure closure: ClosureExprSyntax) throws -> String? {
        guard let expr = Literals.singleExpression(closure.statements) else { throw failure(closure) }
        return try summary(expr)
    }

    private func failure(_ node: some SyntaxProtocol) -> Unreadable {
        reader.unreadable(type, file, at: node, "the parameterSummary \(DeclarationReader.quote(node))")
    }
}
