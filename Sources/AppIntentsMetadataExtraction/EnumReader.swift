import ExtensionProtocol
import SwiftSyntax

/// Reads one `AppEnum` type: its display name, its cases with their raw values (written or
/// implicit) and the titles of `caseDisplayRepresentations`.
struct EnumReader {
    let reader: DeclarationReader

    /// - Throws: `Unreadable` for a raw type other than `String` or `Int`, a raw value or title
    ///   that is not a literal, or a case with associated values.
    func read(_ type: DeclaredType) throws -> AppEnumSchema {
        guard let declaration = type.declaration.as(EnumDeclSyntax.self) else {
            throw reader.unreadable(type, type.file, at: type.declaration, "the cases (it is not an enum)")
        }
        let rawType = type.firstDeclaredInheritedType.map { ModuleIndex.components(of: $0, droppingModule: "Swift") }
        guard let rawType, rawType == ["String"] || rawType == ["Int"] else {
            throw reader.unreadable(type, type.file, at: type.declaration, "the raw type (String or Int, first in the inheritance list, is read)")
        }
        var cases: [(name: String, identifier: String)] = []
        var nextInteger = 0
        for member in declaration.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let name = element.name.text.removing("`")
                guard element.parameterClause == nil else {
                    throw reader.unreadable(type, type.file, at: element, "the case \(name) (it has associated values)")
                }
                if rawType == ["String"] {
                    if let raw = element.rawValue?.value {
                        guard let value = Literals.plainString(raw) else { throw reader.unreadable(type, type.file, at: raw, "the raw value of \(name)") }
                        cases.append((name, value))
                    } else {
                        cases.append((name, name))
                    }
                } else {
                    if let raw = element.rawValue?.value {
                        guard let value = Literals.number(raw), let integer = Int(exactly: value) else {
                            throw reader.unreadable(type, type.file, at: raw, "the raw value of \(name)")
                        }
                        nextInteger = integer
                    }
                    cases.append((name, String(nextInteger)))
                    nextInteger += 1
                }
            }
        }
        let titles = try caseTitles(of: type)
        return AppEnumSchema(typeName: reader.index.qualifiedName(type), displayName: try reader.typeDisplayName(of: type),
                             cases: cases.map { AppEnumCase(identifier: $0.identifier, title: titles[$0.name] ?? $0.identifier) })
    }

    /// The titles of `caseDisplayRepresentations`, by case name.
    private func caseTitles(of type: DeclaredType) throws -> [String: String] {
        guard let (expr, file) = try reader.staticValue("caseDisplayRepresentations", of: type) else {
            throw reader.unreadable(type, type.file, at: type.declaration, "the caseDisplayRepresentations (none is declared in the module)")
        }
        guard let dictionary = expr.as(DictionaryExprSyntax.self) else {
            throw reader.unreadable(type, file, at: expr, "the caseDisplayRepresentations \(DeclarationReader.quote(expr))")
        }
        guard case .elements(let elements) = dictionary.content else { return [:] }
        var titles: [String: String] = [:]
        for element in elements {
            guard let name = Literals.memberName(element.key),
                  let title = Literals.text(element.value, wrappers: ["DisplayRepresentation"], labels: ["title", "stringLiteral"]) else {
                throw reader.unreadable(type, file, at: element, "the case display representation \(DeclarationReader.quote(element))")
            }
            titles[name] = title
        }
        return titles
    }
}
