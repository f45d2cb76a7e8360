/// Helpers for writing Swift source text from names and strings found in a definition file.
enum SwiftSource {
    /// Whether `name` is an ASCII Swift identifier (keywords are escaped where used).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 200 else { return false }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]

    static func isKeyword(_ name: String) -> Bool { keywords.contains(name) }

    /// `name` usable as a declaration or member name: keywords in backticks.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `kind` -> `Kind`, for method names such as `resolveKind`.
    static func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `Kind` -> `kind`, for argument labels derived from type names.
    static func lowerFirst(_ name: String) -> String {
        name.prefix(1).lowercased() + name.dropFirst()
    }

    /// A Swift string literal holding `text` exactly: quotes, backslashes and control
    /// characters escaped, so nothing in the file can end the literal or interpolate.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// An optional literal: `nil` or the literal.
    static func literal(_ text: String?) -> String { text.map { literal($0) } ?? "nil" }

    /// `text` for an error message: control characters shown as escapes, at most 80 characters.
    static func printable(_ text: String) -> String {
        let shown = String(literal(String(text.prefix(80))).dropFirst().dropLast())
        return text.count > 80 ? shown + "..." : shown
    }

    /// A doc comment body on one line: no line breaks, so nothing can end the comment early.
    static func commentText(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || (0x2028...0x2029).contains($0.value) ? " " : Character($0) })
    }
}
