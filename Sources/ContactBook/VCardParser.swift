/// Reads vCard 2.1, 3.0 and 4.0 text into contact cards: `FN`, `N`, `NICKNAME`, `ORG`, `TEL`
/// and `EMAIL` with their `TYPE`s, and `UID`; other properties are skipped.
///
/// Lines folded with a leading space or tab are unfolded, quoted-printable values (vCard 2.1's
/// `ENCODING=QUOTED-PRINTABLE`, soft line breaks included) are decoded, and text escapes
/// (`\,` `\;` `\\` `\n`) are undone. A file may hold any number of cards, up to `maximumCards`.
/// The text is untrusted: anything malformed, and a card or a line past its bounds
/// (`ContactBook.maximumHandles`, `.maximumNicknames`, `.maximumParameters`), is a
/// `ContactBookError` naming the file and the line, never a crash.
public struct VCardParser: Sendable {
    /// The most cards the files read together may hold.
    public var maximumCards: Int
    /// How many cards the files read before this one held.
    public var cardsBefore: Int

    public init(maximumCards: Int = ContactBook.maximumCards, cardsBefore: Int = 0) {
        self.maximumCards = maximumCards
        self.cardsBefore = cardsBefore
    }

    /// One content line: `group.NAME;PARAM=value:value`, with the line it starts on.
    struct ContentLine {
        var name: String
        var parameters: [(name: String, values: [String])]
        var value: String
        var line: Int

        func parameter(_ name: String) -> [String] {
            parameters.filter { $0.name == name }.flatMap(\.values)
        }

        /// `TYPE` values, lowercased, with vCard 2.1's bare parameters (`TEL;CELL:`) and 4.0's
        /// `PREF=1` read as types.
        var types: [String] {
            var types = parameters.flatMap { parameter -> [String] in
                switch parameter.name {
                case "TYPE": return parameter.values
                case "": return parameter.values
                case "PREF": return ["pref"]
                default: return []
                }
            }.map { $0.lowercased() }
            types.removeAll { $0.isEmpty }
            return types
        }
    }

    /// The cards in `text`, read from the file `file` (named in errors and in each card's source).
    /// - Throws: `ContactBookError` naming the file and the line of the first malformed card.
    public func cards(in text: String, file: String) throws -> [ContactCard] {
        var cards: [ContactCard] = []
        var current: ContactCard?
        var currentStart = 0
        for line in try Self.contentLines(of: text, file: file) {
            func fail(_ what: String) -> ContactBookError { ContactBookError(file: file, line: line.line, what) }
            switch line.name {
            case "BEGIN":
                guard line.value.uppercased() == "VCARD" else { throw fail("BEGIN:\(line.value.prefix(40)) is not BEGIN:VCARD") }
                guard current == nil else { throw fail("a card begins inside the card begun on line \(currentStart)") }
                guard cardsBefore + cards.count < maximumCards else { throw fail("the contacts hold more than \(maximumCards) cards") }
                current = ContactCard(identifier: "", source: "\(file):\(line.line)")
                currentStart = line.line
            case "END":
                guard line.value.uppercased() == "VCARD", var card = current else { throw fail("END:\(line.value.prefix(40)) ends no card") }
                guard card.hasName else { throw fail("the card begun on line \(currentStart) has no name (FN, N, NICKNAME or ORG)") }
                if card.identifier.isEmpty { card.identifier = "\(Self.baseName(of: file))#\(currentStart)" }
                cards.append(card)
                current = nil
            default:
                guard current != nil else { throw fail("\(line.name.prefix(40)) is outside any BEGIN:VCARD ... END:VCARD") }
                try read(line, into: &current!, file: file)
                let card = current!
                if card.phoneNumbers.count + card.emailAddresses.count > ContactBook.maximumHandles {
                    throw fail("the card begun on line \(currentStart) has more than \(ContactBook.maximumHandles) phone numbers and email addresses")
                }
                if card.nicknames.count > ContactBook.maximumNicknames {
                    throw fail("the card begun on line \(currentStart) has more than \(ContactBook.maximumNicknames) nicknames")
                }
            }
        }
        if current != nil {
            throw ContactBookError(file: file, line: currentStart, "the card begun here has no END:VCARD")
        }
        return cards
    }

    private func read(_ line: ContentLine, into card: inout ContactCard, file: String) throws {
        let value = line.parameter("ENCODING").contains { $0.uppercased() == "QUOTED-PRINTABLE" }
            ? Self.quotedPrintable(line.value) : line.value
        switch line.name {
        case "FN": card.formattedName = Self.text(value)
        case "N":
            let parts = Self.components(value, separator: ";")
            func part(_ index: Int) -> String { index < parts.count ? Self.components(parts[index], separator: ",").joined(separator: " ") : "" }
            card.familyName = part(0)
            card.givenName = part(1)
            card.middleName = part(2)
        case "NICKNAME": card.nicknames += Self.components(value, separator: ",").map(Self.trimmed).filter { !$0.isEmpty }
        case "ORG": card.organization = Self.components(value, separator: ";").first.map(Self.trimmed) ?? ""
        case "UID": card.identifier = Self.text(value)
        case "TEL":
            var number = Self.text(value)
            if number.lowercased().hasPrefix("tel:") { number = String(number.dropFirst(4)) }
            if !number.isEmpty { card.phoneNumbers.append(ContactCard.Handle(value: number, types: line.types)) }
        case "EMAIL":
            var address = Self.text(value)
            if address.lowercased().hasPrefix("mailto:") { address = String(address.dropFirst(7)) }
            if !address.isEmpty { card.emailAddresses.append(ContactCard.Handle(value: address, types: line.types)) }
        default: break
        }
    }

    // MARK: Lines

    /// The unfolded content lines of `text`, each with the physical line it starts on.
    static func contentLines(of text: String, file: String) throws -> [ContentLine] {
        var lines: [ContentLine] = []
        var logical = ""
        var start = 0
        var quotedPrintable = false
        func flush() throws {
            defer { logical = "" }
            guard !logical.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
            lines.append(try contentLine(logical, line: start, file: file))
        }
        var number = 0
        for physical in physicalLines(of: text) {
            number += 1
            if let first = physical.unicodeScalars.first, first == " " || first == "\t", !logical.isEmpty {
                logical += String(physical.unicodeScalars.dropFirst())
                continue
            }
            // A quoted-printable value whose line ends with `=` goes on (a soft line break).
            if quotedPrintable, logical.hasSuffix("=") {
                logical.removeLast()
                logical += physical
                continue
            }
            try flush()
            logical = physical
            start = number
            quotedPrintable = physical.uppercased().contains("QUOTED-PRINTABLE") && physical.hasSuffix("=")
        }
        try flush()
        return lines
    }

    /// The lines of `text`, ended by LF, CRLF or CR.
    static func physicalLines(of text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// Splits `group.NAME;PARAM=A,B;PARAM2="x:y":value` at its first colon outside quotes.
    static func contentLine(_ text: String, line: Int, file: String) throws -> ContentLine {
        var inQuotes = false
        var colon: String.Index?
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inQuotes.toggle() } else if character == ":" && !inQuotes { colon = index; break }
        }
        // An unclosed quote in a parameter: the first colon ends the parameters after all.
        guard let colon = colon ?? text.firstIndex(of: ":") else {
            throw ContactBookError(file: file, line: line, "\"\(text.prefix(40))\" is not a vCard line (NAME:value)")
        }
        let head = splitOutsideQuotes(String(text[..<colon]), separator: ";")
        var name = head.first?.uppercased() ?? ""
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw ContactBookError(file: file, line: line, "\"\(text[..<colon].prefix(40))\" is not a vCard property name")
        }
        guard head.count - 1 <= ContactBook.maximumParameters else {
            throw ContactBookError(file: file, line: line, "the line has more than \(ContactBook.maximumParameters) parameters")
        }
        let parameters = head.dropFirst().map { parameter -> (name: String, values: [String]) in
            guard let equals = parameter.firstIndex(of: "=") else { return ("", [parameter]) }
            // `TYPE="voice,work"` is a list too, as writers mean it.
            let values = splitOutsideQuotes(String(parameter[parameter.index(after: equals)...]), separator: ",")
                .flatMap { $0.replacingQuotes.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            return (parameter[..<equals].uppercased(), values)
        }
        guard parameters.reduce(0, { $0 + $1.values.count }) <= ContactBook.maximumParameters else {
            throw ContactBookError(file: file, line: line, "the line has more than \(ContactBook.maximumParameters) parameters")
        }
        return ContentLine(name: name, parameters: parameters, value: String(text[text.index(after: colon)...]), line: line)
    }

    private static func splitOutsideQuotes(_ text: String, separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var inQuotes = false
        for character in text {
            if character == "\"" { inQuotes.toggle() }
            if character == separator && !inQuotes {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    // MARK: Values

    /// Splits a structured value at unescaped separators, each part unescaped.
    static func components(_ value: String, separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for character in value {
            if escaped {
                current.append("\\")
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == separator {
                parts.append(text(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        parts.append(text(current))
        return parts
    }

    /// A text value unescaped (`\n` `\,` `\;` `\\`) and trimmed.
    static func text(_ value: String) -> String {
        var result = ""
        var escaped = false
        for character in value {
            if escaped {
                switch character {
                case "n", "N": result.append("\n")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return trimmed(result)
    }

    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// `=C3=A9` -> `é`; a malformed escape is kept as it is.
    static func quotedPrintable(_ value: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(value.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "="), index + 2 < utf8.count,
               let high = hexDigit(utf8[index + 1]), let low = hexDigit(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    static func baseName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

private extension String {
    /// A parameter value without its surrounding double quotes.
    var replacingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
