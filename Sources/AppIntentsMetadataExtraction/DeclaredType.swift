import SwiftSyntax

/// A type the module declares (struct, class, enum, actor or protocol), with what its
/// declaration and its extensions in the module say: the types it inherits and its members.
final class DeclaredType {
    enum Kind { case structure, classType, enumeration, actor, protocolType }

    /// Its names from the outermost type in (`["Outer", "Inner"]`).
    let path: [String]
    let kind: Kind
    let declaration: DeclSyntax
    let file: ParsedFile
    /// The inherited types' names as written (`AppIntent`, `AppIntents.AppEntity`), the
    /// declaration's first, then each extension's; with the scope to look them up from.
    var inherited: [String] = []
    /// Member declarations of the declaration and of its extensions, each with its file.
    var members: [Member] = []

    struct Member {
        let decl: DeclSyntax
        let file: ParsedFile
    }

    init(path: [String], kind: Kind, declaration: DeclSyntax, file: ParsedFile) {
        self.path = path
        self.kind = kind
        self.declaration = declaration
        self.file = file
    }

    var name: String { path.last ?? "" }

    /// The first type of the declaration's own inheritance clause (an enum's raw type).
    var firstDeclaredInheritedType: TypeSyntax? {
        inheritanceClause(of: declaration)?.inheritedTypes.first?.type
    }

    /// The `static` (or `class`) stored or computed properties named `name`, with their files.
    func staticProperties(named name: String) -> [(binding: PatternBindingSyntax, decl: VariableDeclSyntax, file: ParsedFile)] {
        var found: [(PatternBindingSyntax, VariableDeclSyntax, ParsedFile)] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) })
            else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                found.append((binding, variable, member.file))
            }
        }
        return found
    }

    /// The instance properties with an attribute named `attribute` (`Parameter`, `Property`), in order.
    func wrappedProperties(_ attributes: Set<String>) -> [(attribute: AttributeSyntax, decl: VariableDeclSyntax, file: ParsedFile)] {
        var found: [(AttributeSyntax, VariableDeclSyntax, ParsedFile)] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for element in variable.attributes {
                guard let attribute = element.as(AttributeSyntax.self),
                      let name = attribute.attributeName.trimmedDescription.split(separator: ".").last,
                      attributes.contains(String(name)) else { continue }
                found.append((attribute, variable, member.file))
            }
        }
        return found
    }
}

/// The inheritance clause of a type declaration or extension.
func inheritanceClause(of decl: DeclSyntax) -> InheritanceClauseSyntax? {
    if let node = decl.as(StructDeclSyntax.self) { return node.inheritanceClause }
    if let node = decl.as(ClassDeclSyntax.self) { return node.inheritanceClause }
    if let node = decl.as(EnumDeclSyntax.self) { return node.inheritanceClause }
    if let node = decl.as(ActorDeclSyntax.self) { return node.inheritanceClause }
    if let node = decl.as(ProtocolDeclSyntax.self) { return node.inheritanceClause }
    if let node = decl.as(ExtensionDeclSyntax.self) { return node.inheritanceClause }
    return nil
}
