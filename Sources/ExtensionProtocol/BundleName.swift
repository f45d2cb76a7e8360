/// The one validator of names that come from a bundle's property lists: bundle identifiers,
/// app groups, `CFBundleExecutable`, activity types, intent and class names. Every such name is
/// checked here before it reaches a path, an environment variable, argv, a log line or a
/// sandbox rule.
public enum BundleName {
    public enum Kind: Sendable {
        /// `CFBundleIdentifier`: reverse-DNS (`A-Z a-z 0-9 - .`), at least two components (a
        /// developer and a name), none empty.
        case bundleIdentifier
        /// An app group: `group.` followed by a bundle identifier.
        case appGroup
        /// `CFBundleExecutable`: a plain file name (`A-Z a-z 0-9 _ + - .`), not beginning with
        /// a dot or a hyphen.
        case executable
        /// An `NSUserActivityTypes` entry: reverse-DNS, underscores allowed (an intent class
        /// name is a valid activity type).
        case activityType
        /// An intent or class name: a Swift identifier.
        case typeName
    }

    /// The longest name accepted, in UTF-8 bytes.
    public static let maximumLength = 255

    /// Why `value` is not a valid name of `kind`, as a clause that follows the quoted value
    /// ("is empty", "has an empty component"...); nil when it is valid.
    public static func problem(with value: String, as kind: Kind) -> String? {
        if value.isEmpty { return "is empty" }
        if value.utf8.count > maximumLength { return "is longer than \(maximumLength) bytes" }
        switch kind {
        case .bundleIdentifier:
            if let problem = dottedProblem(value, allowing: "-", example: "com.example.MyApp") { return problem }
            return value.contains(".") ? nil : "has one component; a bundle identifier names a developer and a bundle, like com.example.MyApp"
        case .appGroup:
            guard value.hasPrefix("group."), value.count > 6 else { return "does not begin with \"group.\" followed by a name" }
            return dottedProblem(String(value.dropFirst(6)), allowing: "-", example: "group.com.example.shared")
        case .executable:
            if let bad = value.unicodeScalars.first(where: { !isAlphanumeric($0) && !"_+-.".unicodeScalars.contains($0) }) {
                return "has the character \(describe(bad)), which a plain file name here cannot hold (only letters, digits, \"_\", \"+\", \"-\" and \".\")"
            }
            if value.hasPrefix(".") || value.hasPrefix("-") { return "begins with \"\(value.first!)\"; it must be a plain file name" }
            return nil
        case .activityType:
            return dottedProblem(value, allowing: "-_", example: "com.example.MyApp.viewOrder")
        case .typeName:
            let scalars = Array(value.unicodeScalars)
            if let bad = scalars.first(where: { !isAlphanumeric($0) && $0 != "_" }) {
                return "has the character \(describe(bad)); a class name uses letters, digits and _"
            }
            if let first = scalars.first, ("0"..."9").contains(first) { return "begins with a digit" }
            return nil
        }
    }

    /// Whether `value` is a valid name of `kind`.
    public static func isValid(_ value: String, as kind: Kind) -> Bool {
        problem(with: value, as: kind) == nil
    }

    /// The developer a bundle identifier belongs to: its first two components (`com.example`
    /// for `com.example.Pizza.Intents`), the way a team identifier prefixes Apple's; nil when
    /// the identifier has fewer than two components.
    public static func developer(ofBundleIdentifier identifier: String) -> String? {
        let parts = identifier.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        return parts[0] + "." + parts[1]
    }

    /// The developer an app group belongs to: the first two components after `group.`
    /// (`com.example` for `group.com.example.shared`), or nil.
    public static func developer(ofAppGroup group: String) -> String? {
        guard group.hasPrefix("group.") else { return nil }
        let parts = group.dropFirst(6).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return parts[0] + "." + parts[1]
    }

    private static func dottedProblem(_ value: String, allowing extra: String, example: String) -> String? {
        if let bad = value.unicodeScalars.first(where: { !isAlphanumeric($0) && $0 != "." && !extra.unicodeScalars.contains($0) }) {
            let allowed = extra.map { String($0) }.joined(separator: " ")
            return "has the character \(describe(bad)); use letters, digits, \(allowed) and dots, like \(example)"
        }
        if value.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "has an empty component (two dots in a row, or a dot at either end)"
        }
        if value.hasPrefix("-") { return "begins with \"-\"" }
        return nil
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F || !scalar.isASCII
            ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            : "\"\(Character(scalar))\""
    }
}

extension String {
    /// This text in double quotes, with control characters, quotes and backslashes escaped
    /// (`\n`, `\u{1b}`...): safe to print whatever a bundle, a store or an extension put in it.
    public var quotedForDisplay: String {
        "\"" + escaped(quotes: true) + "\""
    }

    /// This text with control, format and line-separating characters escaped (`\n`, `\u{1b}`,
    /// `\u{2028}`...), for a line printed to a terminal: nothing in it can start a line, move the
    /// cursor or set a colour.
    public var escapedForTerminal: String {
        escaped(quotes: false)
    }

    private func escaped(quotes: Bool) -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"" where quotes: out += "\\\""
            case "\\" where quotes: out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let category = scalar.properties.generalCategory
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || category == .format || category == .lineSeparator || category == .paragraphSeparator {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
