import Foundation

/// Why the user's contacts could not be read: one sentence naming the file, and the line for
/// a malformed card.
public struct ContactBookError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int? = nil, _ reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `Contacts file /home/me/contacts.vcf, line 12: END:VCARD ends no card.`
    public var message: String {
        "Contacts file \(file)\(line.map { ", line \($0)" } ?? ""): \(reason)."
    }

    public var description: String { message }
}

/// The user's contacts, read from vCard files: what Siri's person resolution matches a spoken
/// name against.
///
/// A path names one `.vcf` file or a folder whose `.vcf` files (not its subfolders) are read in
/// name order. The files are the user's but read as untrusted input: each is at most
/// `maximumFileSize` bytes, all of them together hold at most `maximumCards` cards, a folder
/// at most `maximumFiles` files, and a malformed card is an error naming its file and line.
public struct ContactBook: Hashable, Sendable {
    /// The largest vCard file read, in bytes (4 MiB).
    public static let maximumFileSize = 4 << 20
    /// The most cards all files together may hold.
    public static let maximumCards = 10_000
    /// The most `.vcf` files read from a folder.
    public static let maximumFiles = 256

    /// The cards, file by file, in each file's order.
    public var cards: [ContactCard]
    /// The files the cards were read from.
    public var files: [String]

    public init(cards: [ContactCard], files: [String] = []) {
        self.cards = cards
        self.files = files
    }

    /// The cards of the `.vcf` file at `path`, or of every `.vcf` file in the folder at `path`.
    /// - Throws: `ContactBookError` naming the file (and the line of a malformed card).
    public init(contentsOf path: String, maximumFileSize: Int = ContactBook.maximumFileSize,
                maximumCards: Int = ContactBook.maximumCards) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ContactBookError(file: path, "no such file or folder")
        }
        var files = [path]
        if isFolder.boolValue {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw ContactBookError(file: path, "the folder cannot be listed")
            }
            files = names.filter { $0.lowercased().hasSuffix(".vcf") && !$0.hasPrefix(".") }.sorted()
                .map { (path.hasSuffix("/") ? path : path + "/") + $0 }
            guard files.count <= Self.maximumFiles else {
                throw ContactBookError(file: path, "the folder holds more than \(Self.maximumFiles) .vcf files")
            }
        }
        var cards: [ContactCard] = []
        for file in files {
            let text = try Self.text(of: file, maximumSize: maximumFileSize)
            let parser = VCardParser(maximumCards: maximumCards, cardsBefore: cards.count)
            cards += try parser.cards(in: text, file: file)
        }
        self.init(cards: cards, files: files)
    }

    /// The file's text, after checking its kind and size.
    private static func text(of file: String, maximumSize: Int) throws -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else {
            throw ContactBookError(file: file, "the file cannot be read")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ContactBookError(file: file, "is not a regular file")
        }
        if let size = attributes[.size] as? NSNumber, size.intValue > maximumSize {
            throw ContactBookError(file: file, "the file is larger than \(maximumSize) bytes")
        }
        guard let handle = FileHandle(forReadingAtPath: file) else { throw ContactBookError(file: file, "the file cannot be read") }
        defer { try? handle.close() }
        // Read one byte past the limit: a file that grew since its size was read is still refused.
        let data = (try? handle.read(upToCount: maximumSize + 1)) ?? Data()
        guard data.count <= maximumSize else { throw ContactBookError(file: file, "the file is larger than \(maximumSize) bytes") }
        guard let text = String(data: data, encoding: .utf8) else { throw ContactBookError(file: file, "the file is not UTF-8 text") }
        return text
    }

    /// The cards a spoken `name` names: those with a name in `ContactCard.spokenNames` equal to
    /// it, ignoring case, diacritics and extra spaces, each card once, in the book's order.
    public func matches(for name: String) -> [ContactCard] {
        let key = Self.normalized(name)
        guard !key.isEmpty else { return [] }
        return cards.filter { card in card.spokenNames.contains { Self.normalized($0) == key } }
    }

    /// `  Kíki   SILVA ` -> `kiki silva`.
    public static func normalized(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
