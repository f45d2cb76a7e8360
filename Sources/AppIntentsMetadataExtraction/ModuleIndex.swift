import SwiftSyntax

/// The types a module's sources declare, merged with their extensions, and the conformance
/// questions the readers ask of them (is it an intent? does this query match strings?).
final class ModuleIndex {
    let module: String
    /// In source order.
    private(set) var types: [DeclaredType] = []
    private var byPath: [[String]: DeclaredType] = [:]
    /// `typealias` declarations of the module (top level or nested), by path: what they stand for.
    private var aliases: [[String]: TypeSyntax] = [:]
    private var conformanceMemo: [String: Bool] = [:]

    init(module: String, files: [ParsedFile]) {
        self.module = module
        var extensions: [(path: [String], decl: ExtensionDeclSyntax, file: ParsedFile)] = []
        for file in files {
            collect(file.tree.statements.compactMap { $0.item.as(DeclSyntax.self) }, scope: [], file: file, extensions: &extensions)
        }
        for (path, decl, file) in extensions {
            guard let type = resolve(path, from: []) else { continue }
            type.inherited += decl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            type.members += decl.memberBlock.members.flatMap { Self.flatten($0.decl) }.map { DeclaredType.Member(decl: $0, file: file) }
        }
    }

    /// The members of a member block, with those of `#if` clauses (every clause) in place.
    private static func flatten(_ decl: DeclSyntax) -> [DeclSyntax] {
        guard let ifConfig = decl.as(IfConfigDeclSyntax.self) else { return [decl] }
        return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
            guard case .decls(let members) = clause.elements else { return [] }
            return members.flatMap { flatten($0.decl) }
        }
    }

    private func collect(_ decls: [DeclSyntax], scope: [String], file: ParsedFile,
                         extensions: inout [(path: [String], decl: ExtensionDeclSyntax, file: ParsedFile)]) {
        for decl in decls {
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    switch clause.elements {
                    case .decls(let members): collect(members.map(\.decl), scope: scope, file: file, extensions: &extensions)
                    case .statements(let items): collect(items.compactMap { $0.item.as(DeclSyntax.self) }, scope: scope, file: file, extensions: &extensions)
                    default: break
                    }
                }
                continue
            }
            if let alias = decl.as(TypeAliasDeclSyntax.self) {
                aliases[scope + [alias.name.text.removing("`")]] = alias.initializer.value
                continue
            }
            if let node = decl.as(ExtensionDeclSyntax.self) {
                let path = scope + Self.components(of: node.extendedType, droppingModule: module)
                extensions.append((path, node, file))
                collect(node.memberBlock.members.flatMap { Self.flatten($0.decl) }, scope: path, file: file, extensions: &extensions)
                continue
            }
            let named: (String, DeclaredType.Kind, MemberBlockSyntax)?
            if let node = decl.as(StructDeclSyntax.self) {
                named = (node.name.text, .structure, node.memberBlock)
            } else if let node = decl.as(ClassDeclSyntax.self) {
                named = (node.name.text, .classType, node.memberBlock)
            } else if let node = decl.as(EnumDeclSyntax.self) {
                named = (node.name.text, .enumeration, node.memberBlock)
            } else if let node = decl.as(ActorDeclSyntax.self) {
                named = (node.name.text, .actor, node.memberBlock)
            } else if let node = decl.as(ProtocolDeclSyntax.self) {
                named = (node.name.text, .protocolType, node.memberBlock)
            } else {
                named = nil
            }
            guard let (name, kind, memberBlock) = named else { continue }
            let path = scope + [name.removing("`")]
            let members = memberBlock.members.flatMap { Self.flatten($0.decl) }
            if byPath[path] == nil {
                let type = DeclaredType(path: path, kind: kind, declaration: decl, file: file)
                type.inherited = inheritanceClause(of: decl)?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                type.members = members.map { DeclaredType.Member(decl: $0, file: file) }
                byPath[path] = type
                types.append(type)
            }
            collect(members, scope: path, file: file, extensions: &extensions)
        }
    }

    /// The names of a type as written (`Outer.Inner`, `MeditationKit.Session`), without the
    /// module's own name in front; generic arguments are dropped.
    static func components(of type: TypeSyntax, droppingModule module: String) -> [String] {
        var names: [String] = []
        var current: TypeSyntax? = type
        while let node = current {
            if let member = node.as(MemberTypeSyntax.self) {
                names.insert(member.name.text, at: 0)
                current = member.baseType
            } else if let identifier = node.as(IdentifierTypeSyntax.self) {
                names.insert(identifier.name.text, at: 0)
                current = nil
            } else {
                names.insert(node.trimmedDescription, at: 0)
                current = nil
            }
        }
        if names.count > 1, names[0] == module { names.removeFirst() }
        return names.map { $0.removing("`") }
    }

    /// The declared type a name written in `scope` refers to, by Swift's lookup: the innermost
    /// enclosing type's nested types first, then outwards to the module's top level.
    func resolve(_ components: [String], from scope: [String]) -> DeclaredType? {
        var components = components
        if components.count > 1, components[0] == module { components.removeFirst() }
        for length in stride(from: scope.count, through: 0, by: -1) {
            if let type = byPath[Array(scope.prefix(length)) + components] { return type }
        }
        return nil
    }

    /// The type a `typealias` of the module written in `scope` stands for, with the scope to
    /// read that type in (the alias's own).
    func alias(_ components: [String], from scope: [String]) -> (type: TypeSyntax, scope: [String])? {
        var components = components
        if components.count > 1, components[0] == module { components.removeFirst() }
        for length in stride(from: scope.count, through: 0, by: -1) {
            let path = Array(scope.prefix(length)) + components
            if let type = aliases[path] { return (type, Array(path.dropLast())) }
        }
        return nil
    }

    /// The module-qualified name of a declared type (`MeditationKit.StartMeditationIntent`).
    func qualifiedName(_ type: DeclaredType) -> String {
        ([module] + type.path).joined(separator: ".")
    }

    /// Whether `type` conforms, in the module's sources, to one of `roots` (App Intents
    /// protocols, by their last name), directly, through a protocol of the module that refines
    /// one, or through a class of the module it inherits from.
    func conforms(_ type: DeclaredType, to roots: Set<String>) -> Bool {
        var visiting: Set<[String]> = []
        return conforms(type, to: roots, visiting: &visiting)
    }

    private func conforms(_ type: DeclaredType, to roots: Set<String>, visiting: inout Set<[String]>) -> Bool {
        let key = roots.sorted().joined(separator: ",") + "|" + type.path.joined(separator: ".")
        if let known = conformanceMemo[key] { return known }
        guard visiting.insert(type.path).inserted else { return false }
        var result = false
        for written in type.inherited {
            let components = written.split(separator: ".").map(String.init)
            if let declared = resolve(components, from: Array(type.path.dropLast())), declared !== type {
                if conforms(declared, to: roots, visiting: &visiting) {
                    result = true
                    break
                }
            } else if let last = components.last, roots.contains(last) {
                result = true
                break
            }
        }
        conformanceMemo[key] = result
        return result
    }
}
