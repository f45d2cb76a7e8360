/// A JSON value, written by `text` as the `intents` command prints JSON: one line, keys in
/// the order `JSONKeyOrder` gives, no escaped slashes. No Foundation: the `intents` client
/// links this module.
public enum JSONValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    /// The value as one line of JSON, with nothing after it. A number that JSON cannot hold
    /// (infinite, not a number) is written as `null`.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let string): Self.write(string, to: &output)
        case .integer(let number): output += String(number)
        case .number(let number): output += Self.text(of: number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted(by: JSONKeyOrder.precedes).enumerated() {
                if index > 0 { output += "," }
                Self.write(key, to: &output)
                output += ":"
                members[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    /// A double as Swift writes it, without a trailing `.0` (`2`, `0.1`, `1e+16`).
    static func text(of number: Double) -> String {
        guard number.isFinite else { return "null" }
        let description = number.description
        return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    /// A string in quotes: `"` and `\` escaped, the usual control characters by name, the
    /// others as `\u00XX`; everything else, `/` included, as it is.
    static func write(_ string: String, to output: inout String) {
        output += "\""
        var plainStart = string.unicodeScalars.startIndex
        var index = plainStart
        let scalars = string.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escaped: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{8}": "\\b"
            case "\u{c}": "\\f"
            default: scalar.value < 0x20 ? "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) : nil
            }
            if let escaped {
                output.unicodeScalars += scalars[plainStart..<index]
                output += escaped
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars += scalars[plainStart..<scalars.endIndex]
        output += "\""
    }
}

/// The order of an object's keys in the JSON `intents` prints: the order Foundation's
/// `JSONSerialization` gives with `.sortedKeys` on Linux (ICU's root collation, numeric, case
/// ignored at first), for keys of ASCII characters: punctuation before digits before letters,
/// numbers by value (`a2` before `a10`), then lowercase first, then fewer digits first (`a1`
/// before `a01`). Other characters sort after ASCII letters, by code point (ICU would sort
/// `é` beside `e`).
public enum JSONKeyOrder {
    /// Whether `a` comes before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let left = elements(of: a), right = elements(of: b)
        for (x, y) in zip(left, right) where x.primary != y.primary {
            return x.primary < y.primary
        }
        if left.count != right.count { return left.count < right.count }
        for (x, y) in zip(left, right) where x.uppercase != y.uppercase {
            return !x.uppercase
        }
        for (x, y) in zip(left, right) where x.digits != y.digits {
            return x.digits < y.digits
        }
        return Array(a.unicodeScalars.map(\.value)).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
    }

    /// ASCII punctuation and the space in the root collation's order.
    private static let punctuation = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)

    private struct Element {
        /// Compared first: a class (control, punctuation, number, letter, other) and a weight in it.
        var primary: Primary
        /// A number's digits, leading zeros included (fewer first on a tie).
        var digits = 0
        var uppercase = false
    }

    private struct Primary: Comparable {
        var rank: Int
        /// A number's value as digits without leading zeros, compared by length then text.
        var number: [UInt8] = []
        var weight: UInt32 = 0

        static func < (a: Primary, b: Primary) -> Bool {
            if a.rank != b.rank { return a.rank < b.rank }
            if a.number.count != b.number.count { return a.number.count < b.number.count }
            if a.number != b.number { return a.number.lexicographicallyPrecedes(b.number) }
            return a.weight < b.weight
        }
    }

    private static func elements(of key: String) -> [Element] {
        var result: [Element] = []
        var digits: [UInt8] = []
        func endNumber() {
            guard !digits.isEmpty else { return }
            let value = Array(digits.drop { $0 == UInt8(ascii: "0") })
            result.append(Element(primary: Primary(rank: 2, number: value.isEmpty ? [UInt8(ascii: "0")] : value), digits: digits.count))
            digits.removeAll()
        }
        for scalar in key.unicodeScalars {
            let value = scalar.value
            if value >= 0x30 && value <= 0x39 {
                digits.append(UInt8(value))
                continue
            }
            endNumber()
            switch value {
            case 0x41...0x5A: result.append(Element(primary: Primary(rank: 3, weight: value + 0x20), uppercase: true))
            case 0x61...0x7A: result.append(Element(primary: Primary(rank: 3, weight: value)))
            case 0..<0x20, 0x7F: result.append(Element(primary: Primary(rank: 0, weight: value)))
            case 0x20..<0x80: result.append(Element(primary: Primary(rank: 1, weight: UInt32(punctuation.firstIndex(of: scalar) ?? 0))))
            default: result.append(Element(primary: Primary(rank: 4, weight: value)))
            }
        }
        endNumber()
        return result
    }
}
