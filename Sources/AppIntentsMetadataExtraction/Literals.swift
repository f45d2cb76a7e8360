import SwiftSyntax

/// Reads the literal values App Intents declarations are written with: strings (plain or
/// wrapped in `LocalizedStringResource`, `IntentDialog`...), booleans, numbers, enum members.
/// Each returns nil for anything else: the extractor never evaluates code.
enum Literals {
    /// A string literal with no interpolation, unescaped.
    static func plainString(_ expr: ExprSyntax) -> String? {
        guard let literal = expr.as(StringLiteralExprSyntax.self) else { return nil }
        return literal.representedLiteralValue
    }

    /// A string literal, or one passed first to one of `wrappers` (`LocalizedStringResource("…")`,
    /// `IntentDialog("…")`, `.init("…")`) or as its `labels` argument.
    static func text(_ expr: ExprSyntax, wrappers: Set<String>, labels: Set<String> = ["stringLiteral"]) -> String? {
        if let value = plainString(expr) { return value }
        guard let call = expr.as(FunctionCallExprSyntax.self), isCall(call, to: wrappers),
              let first = call.arguments.first,
              first.label == nil || labels.contains(first.label!.text) else { return nil }
        return text(first.expression, wrappers: ["LocalizedStringResource"])
    }

    /// Whether `call` calls one of `names` (its last name: `AppIntents.IntentDialog` is `IntentDialog`)
    /// or an implicit `.init`.
    static func isCall(_ call: FunctionCallExprSyntax, to names: Set<String>) -> Bool {
        guard let called = calledName(call) else { return false }
        return names.contains(called) || called == "init"
    }

    /// The last name of what `call` calls: `Summary` for `Summary(…)`, `init` for `.init(…)`
    /// and `Type.init(…)` is the type's name.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "init", let base = member.base {
                return base.trimmedDescription.split(separator: ".").last.map(String.init)
            }
            return member.declName.baseName.text
        }
        return nil
    }

    /// The names of a type reference written as an expression (`StartMeditationIntent`,
    /// `Outer.Inner`); nil for anything else.
    static func typeComponents(_ expr: ExprSyntax) -> [String]? {
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let names = typeComponents(base) {
            return names + [member.declName.baseName.text]
        }
        if let generic = expr.as(GenericSpecializationExprSyntax.self) { return typeComponents(generic.expression) }
        return nil
    }

    /// The argument labeled `label`, or the first unlabeled one when `label` is nil.
    static func argument(_ label: String?, of arguments: LabeledExprListSyntax) -> ExprSyntax? {
        if let label { return arguments.first { $0.label?.text == label }?.expression }
        return arguments.first { $0.label == nil }?.expression
    }

    static func bool(_ expr: ExprSyntax) -> Bool? {
        guard let literal = expr.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// An integer or floating-point literal, possibly negated.
    static func number(_ expr: ExprSyntax) -> Double? {
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression).map { -$0 }
        }
        if let integer = expr.as(IntegerLiteralExprSyntax.self) { return integerValue(integer.literal.text).map(Double.init) }
        if let float = expr.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.removing("_")) }
        return nil
    }

    /// An integer literal's value (`1_000`, `0x1F`, `0o17`, `0b101`).
    static func integerValue(_ text: String) -> Int? {
        let digits = text.removing("_")
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int(digits.dropFirst(2), radix: radix)
        }
        return Int(digits)
    }

    /// A member written without its type (`.requiresAuthentication`) or with one
    /// (`IntentAuthenticationPolicy.requiresAuthentication`, `Self.walking`): its name.
    static func memberName(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        return member.declName.baseName.text.removing("`")
    }

    /// Whether a value is written as a literal the extractor can read: a string, number,
    /// boolean or nil, an enum member, or an array of them.
    static func isLiteral(_ expr: ExprSyntax) -> Bool {
        if plainString(expr) != nil || bool(expr) != nil || number(expr) != nil || expr.is(NilLiteralExprSyntax.self) { return true }
        if let member = expr.as(MemberAccessExprSyntax.self) { return memberName(ExprSyntax(member)) != nil }
        if let array = expr.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { isLiteral($0.expression) } }
        return false
    }

    /// The expression a single-expression body gives: `{ "Title" }` or `{ return "Title" }`.
    static func singleExpression(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard items.count == 1, let item = items.first else { return nil }
        if let expr = item.item.as(ExprSyntax.self) { return expr }
        if let returned = item.item.as(ReturnStmtSyntax.self) { return returned.expression }
        if let statement = item.item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return nil
    }

    /// The value of a property binding: its initializer, or the single expression its getter returns.
    static func value(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let initializer = binding.initializer { return initializer.value }
        switch binding.accessorBlock?.accessors {
        case .getter(let items):
            return singleExpression(items)
        case .accessors(let accessors):
            guard let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                  let body = getter.body else { return nil }
            return singleExpression(body.statements)
        case nil:
            return nil
        }
    }

    /// The statements of a getter (a result builder's body), or nil for a stored property.
    static func getterStatements(of binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let items):
            return items
        case .accessors(let accessors):
            return accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil:
            return nil
        }
    }

    /// An interpolated string literal as a template: text as written, `${name}` for each
    /// `\(\.$name)` and `${applicationName}` for `\(.applicationName)`. Nil when an
    /// interpolation is anything else.
    static func template(_ expr: ExprSyntax) -> String? {
        guard let literal = expr.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                let alone = literal.with(\.segments, [.stringSegment(piece)])
                guard let value = alone.representedLiteralValue else { return nil }
                text += value
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let inner = interpolation.expressions.first,
                      inner.label == nil, let token = token(inner.expression) else { return nil }
                text += token
            }
        }
        return text
    }

    /// `${applicationName}` for `.applicationName`, `${name}` for `\.$name`.
    private static func token(_ expr: ExprSyntax) -> String? {
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text == "applicationName" {
            return "${applicationName}"
        }
        return parameterReference(expr).map { "${\($0)}" }
    }

    /// The parameter a key path `\.$name` (or `\Self.$name`) names.
    static func parameterReference(_ expr: ExprSyntax) -> String? {
        guard let keyPath = expr.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
              case .property(let property) = keyPath.components.first?.component else { return nil }
        let name = property.declName.baseName.text
        guard name.hasPrefix("$"), name.count > 1 else { return nil }
        return String(name.dropFirst())
    }
}

extension String {
    /// The string without any `character` (a name's backquotes, a number's underscores).
    func removing(_ character: Character) -> String {
        String(filter { $0 != character })
    }
}
