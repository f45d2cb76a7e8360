/// Looks at a binary property list's object table before Foundation parses it.
///
/// On Linux, Foundation crashes the whole process (SIGSEGV while bridging an `NSSet` to Swift,
/// swift-corelibs-foundation issue 3726) on a binary plist holding a set, and keyed-archiver
/// UIDs bridge to nothing usable. Neither ever appears in a bundle's plist or a stored value, so
/// a binary plist is checked to hold only the kinds of objects property lists are made of:
/// null, booleans, integers, reals, dates, data, strings, arrays and dictionaries. XML and
/// OpenStep plists cannot express sets or UIDs and pass unchecked.
public enum BinaryPropertyListCheck {
    /// The object kinds (a marker's high nibble) Foundation reads safely.
    private static let safeKinds: Set<UInt8> = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD]

    /// Why `bytes` must not be parsed, as a clause ("holds a set..."), or nil when they may be.
    public static func problem(in bytes: some Collection<UInt8>) -> String? {
        guard bytes.starts(with: "bplist".utf8) else { return nil }
        let bytes = Array(bytes)
        let headerSize = 8, trailerSize = 32
        guard bytes.count >= headerSize + trailerSize + 1 else { return "is too short to be a binary property list" }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize),
              let count = bigEndian(bytes, at: trailer + 8, size: 8),
              let tableOffset = bigEndian(bytes, at: trailer + 24, size: 8),
              tableOffset >= UInt64(headerSize), tableOffset <= UInt64(trailer),
              count <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize) else {
            return "has a binary property list trailer that does not describe its object table"
        }
        for index in 0..<Int(count) {
            guard let offset = bigEndian(bytes, at: Int(tableOffset) + index * offsetSize, size: offsetSize),
                  offset >= UInt64(headerSize), offset < tableOffset else {
                return "has an object offset outside its object table"
            }
            let kind = bytes[Int(offset)] >> 4
            guard safeKinds.contains(kind) else {
                let name = [0x8: "a keyed-archiver UID", 0xB: "an ordered set", 0xC: "a set"][Int(kind)] ?? "an object of unknown kind 0x\(String(kind, radix: 16))"
                return "holds \(name), which a property list here never holds"
            }
        }
        return nil
    }

    /// The unsigned big-endian number of `size` bytes at `offset`, or nil past the end.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64? {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
        return bytes[offset..<(offset + size)].reduce(0) { ($0 << 8) | UInt64($1) }
    }
}
