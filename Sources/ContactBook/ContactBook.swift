import Foundation

/// Why the user's contacts could not be read: one sentence naming the file, and the line for
/// a malformed card.
public struct ContactBookError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String
    /// Whether `reason` goes on from the file's name as a predicate (`is not a regular file`)
    /// rather than after a colon.
    private var continuesTheFile = false

    public init(file: String, line: Int? = nil, _ reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `Contacts file /home/me/fifo.vcf is not a regular file.`
    public static func notARegularFile(_ file: String) -> ContactBookError {
        var error = ContactBookError(file: file, "is not a regular file")
        error.continuesTheFile = true
        return error
    }

    /// `Contacts file /home/me/contacts.vcf, line 12: END:VCARD ends no card.`
    public var message: String {
        continuesTheFile ? "Contacts file \(file) \(reason)."
            : "Contacts file \(file)\(line.map { ", line \($0)" } ?? ""): \(reason)."
    }

    public var description: String { message }
}

/// The user's contacts, read from vCard files: what Siri's person resolution matches a spoken
/// name against.
///
/// A path names one `.vcf` file or a folder whose `.vcf` files (not its subfolders) are read in
/// name order. Symbolic links are followed, the path's and a folder's files' alike; whatever
/// they lead to must be a regular file (a FIFO, a device or a folder named `.vcf` is refused,
/// and is never waited on). The files are the user's but read as untrusted input: each is at
/// most `maximumFileSize` bytes, all of them together at most `maximumTotalSize` bytes and
/// `maximumCards` cards, a folder at most `maximumFiles` files, a card at most
/// `maximumHandles` phone numbers and email addresses and `maximumNicknames` nicknames, a line
/// at most `maximumParameters` parameters; a malformed card is an error naming its file and line.
public struct ContactBook: Hashable, Sendable {
    /// The largest vCard file read, in bytes (4 MiB).
    public static let maximumFileSize = 4 << 20
    /// The most bytes all files together may hold (16 MiB).
    public static let maximumTotalSize = 16 << 20
    /// The most cards all files together may hold.
    public static let maximumCards = 10_000
    /// The most `.vcf` files read from a folder.
    public static let maximumFiles = 256
    /// The most phone numbers and email addresses (`TEL` and `EMAIL`) one card may hold.
    public static let maximumHandles = 64
    /// The most nicknames one card may hold.
    public static let maximumNicknames = 16
    /// The most parameters one content line may have, each value of a list counted
    /// (`TEL;TYPE=cell,voice;PREF=1` has three).
    public static let maximumParameters = 32

    /// The cards, file by file, in each file's order.
    public var cards: [ContactCard] {
        didSet { index = Self.index(of: cards) }
    }
    /// The files the cards were read from.
    public var files: [String]
    /// Each normalized spoken name, with the cards (their positions, ascending) it names:
    /// computed once for the cards, so that a lookup reads no card.
    private var index: [String: [Int]]

    public init(cards: [ContactCard], files: [String] = []) {
        self.cards = cards
        self.files = files
        index = Self.index(of: cards)
    }

    /// The cards of the `.vcf` file at `path`, or of every `.vcf` file in the folder at `path`.
    /// - Throws: `ContactBookError` naming the file (and the line of a malformed card).
    public init(contentsOf path: String, maximumFileSize: Int = ContactBook.maximumFileSize,
                maximumCards: Int = ContactBook.maximumCards, maximumTotalSize: Int = ContactBook.maximumTotalSize) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ContactBookError(file: path, errno == ENOENT || errno == ENOTDIR ? "no such file or folder" : "the file cannot be read")
        }
        var files = [path]
        if status.st_mode & S_IFMT == S_IFDIR {
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
        var bytesRead = 0
        for file in files {
            let text = try Self.text(of: file, maximumSize: maximumFileSize, remaining: maximumTotalSize - bytesRead,
                                     maximumTotalSize: maximumTotalSize, bytesRead: &bytesRead)
            let parser = VCardParser(maximumCards: maximumCards, cardsBefore: cards.count)
            cards += try parser.cards(in: text, file: file)
        }
        self.init(cards: cards, files: files)
    }

    /// The file's text: opened without waiting (`O_NONBLOCK`: a FIFO put in its place is not
    /// waited on), its kind and size checked on the open descriptor, then read from it, one
    /// byte past the limits so that a file that grew since is still refused.
    private static func text(of file: String, maximumSize: Int, remaining: Int, maximumTotalSize: Int,
                             bytesRead: inout Int) throws -> String {
        let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ContactBookError(file: file, errno == ENOENT ? "no such file or folder" : "the file cannot be read")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ContactBookError(file: file, "the file cannot be read") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ContactBookError.notARegularFile(file) }
        func tooLarge(_ size: Int) -> ContactBookError {
            size > maximumSize ? ContactBookError(file: file, "the file is larger than \(maximumSize) bytes")
                : ContactBookError(file: file, "the contacts files together are larger than \(maximumTotalSize) bytes")
        }
        let limit = max(0, min(maximumSize, remaining))
        if Int(status.st_size) > limit { throw tooLarge(Int(status.st_size)) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= limit {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, min($0.count, limit + 1 - data.count)) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw ContactBookError(file: file, "the file cannot be read") }
            if got == 0 { break }
            data.append(contentsOf: chunk[..<got])
        }
        if data.count > limit { throw tooLarge(data.count) }
        bytesRead += data.count
        guard let text = String(data: data, encoding: .utf8) else { throw ContactBookError(file: file, "the file is not UTF-8 text") }
        return text
    }

    /// The cards a spoken `name` names: those with a name in `ContactCard.spokenNames` equal to
    /// it, ignoring case, diacritics and extra spaces, each card once, in the book's order.
    /// The cards' names were normalized once, when the book was made: a lookup costs one
    /// normalization and one dictionary read, whatever the number of cards.
    public func matches(for name: String) -> [ContactCard] {
        let key = Self.normalized(name)
        guard !key.isEmpty else { return [] }
        return (index[key] ?? []).map { cards[$0] }
    }

    /// Each card's normalized spoken names, to the cards that have them, in the cards' order.
    private static func index(of cards: [ContactCard]) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        for (position, card) in cards.enumerated() {
            for name in Set(card.spokenNames.map(normalized)) where !name.isEmpty {
                index[name, default: []].append(position)
            }
        }
        return index
    }

    /// `  Kíki   SILVA ` -> `kiki silva`.
    public static func normalized(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
