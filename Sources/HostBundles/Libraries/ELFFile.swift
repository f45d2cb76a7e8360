import Foundation

/// Just enough of an ELF64 little-endian file to follow the Swift metadata's relative pointers
/// and to read a section's bytes. Every read is bounds-checked against the file's length.
struct ELFFile {
    struct Section {
        var address: UInt64
        var offset: UInt64
        var size: UInt64
    }

    struct Descriptor {
        var kind: UInt32
        var name: String
    }

    private let length: UInt64
    private let read: (UInt64, Int) -> [UInt8]?
    private var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
    private var sections: [(name: String, section: Section)] = []

    init?(length: UInt64, read: @escaping (UInt64, Int) -> [UInt8]?) {
        self.length = length
        self.read = read
        guard let identity = bytes(at: 0, count: 6), identity[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]),
              identity[4] == 2, identity[5] == 1 else { return nil }
        guard let programOffset = uint64(at: 0x20), let sectionOffset = uint64(at: 0x28),
              let programSize = uint16(at: 0x36), let programCount = uint16(at: 0x38),
              let sectionSize = uint16(at: 0x3A), let sectionCount = uint16(at: 0x3C), let namesIndex = uint16(at: 0x3E),
              programSize >= 56, sectionSize >= 64 else { return nil }
        for index in 0..<UInt64(programCount) {
            let entry = programOffset &+ index &* UInt64(programSize)
            guard let type = uint32(at: entry), let offset = uint64(at: entry &+ 8), let address = uint64(at: entry &+ 0x10),
                  let size = uint64(at: entry &+ 0x20) else { return nil }
            if type == 1 { loads.append((address, offset, size)) }
        }
        func header(_ index: UInt64) -> (nameOffset: UInt32, section: Section)? {
            let entry = sectionOffset &+ index &* UInt64(sectionSize)
            guard let name = uint32(at: entry), let address = uint64(at: entry &+ 0x10), let offset = uint64(at: entry &+ 0x18),
                  let size = uint64(at: entry &+ 0x20) else { return nil }
            return (name, Section(address: address, offset: offset, size: size))
        }
        guard sectionCount <= 4096, let names = header(UInt64(namesIndex)) else { return nil }
        for index in 0..<UInt64(sectionCount) {
            guard let (nameOffset, section) = header(index), UInt64(nameOffset) < names.section.size,
                  let name = string(at: names.section.offset &+ UInt64(nameOffset)) else { continue }
            sections.append((name, section))
        }
    }

    /// Reads of the file open at `descriptor`, with `pread` (any offset, the descriptor's own
    /// offset untouched); nil for a short read. The descriptor must stay open while it is used.
    ///
    /// Headers, names and descriptors are read a few bytes at a time, so small reads are served
    /// from whole blocks read once (`BlockReads`): one system call per block, not per field.
    static func reader(of descriptor: Int32) -> (UInt64, Int) -> [UInt8]? {
        let blocks = BlockReads(descriptor: descriptor)
        return { offset, count in blocks.read(offset, count) }
    }

    func section(named name: String) -> Section? {
        sections.first { $0.name == name }?.section
    }

    /// The file offset of the virtual address `address`, inside a loaded segment's file bytes.
    func offset(ofAddress address: UInt64) -> UInt64? {
        for load in loads where address >= load.address && address - load.address < load.size {
            return load.offset &+ (address - load.address)
        }
        return nil
    }

    /// A context descriptor: its kind (flags' low five bits) and name.
    func descriptor(at address: UInt64) -> Descriptor? {
        guard let start = offset(ofAddress: address), let flags = uint32(at: start), let relative = int32(atOffset: start &+ 8) else { return nil }
        let nameAddress = UInt64(bitPattern: Int64(bitPattern: address &+ 8) &+ Int64(relative))
        guard let nameOffset = offset(ofAddress: nameAddress), let name = string(at: nameOffset) else { return nil }
        return Descriptor(kind: flags & 0x1F, name: name)
    }

    /// The parent context's address, when the descriptor points at it directly.
    func parentAddress(of address: UInt64) -> UInt64? {
        guard let start = offset(ofAddress: address), let relative = int32(atOffset: start &+ 4), relative != 0, relative & 1 == 0 else { return nil }
        return UInt64(bitPattern: Int64(bitPattern: address &+ 4) &+ Int64(relative))
    }

    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
        guard offset < length, UInt64(count) <= length - offset else { return nil }
        return read(offset, count)
    }

    private func little<Value: FixedWidthInteger>(_ type: Value.Type, at offset: UInt64) -> Value? {
        guard let raw = bytes(at: offset, count: MemoryLayout<Value>.size) else { return nil }
        return raw.reversed().reduce(Value.zero) { ($0 << 8) | Value(truncatingIfNeeded: $1) }
    }

    func uint16(at offset: UInt64) -> UInt16? { little(UInt16.self, at: offset) }
    func uint32(at offset: UInt64) -> UInt32? { little(UInt32.self, at: offset) }
    func uint64(at offset: UInt64) -> UInt64? { little(UInt64.self, at: offset) }
    func int32(atOffset offset: UInt64) -> Int32? { little(UInt32.self, at: offset).map { Int32(bitPattern: $0) } }

    /// A NUL-terminated ASCII name of at most 255 characters.
    func string(at offset: UInt64) -> String? {
        let available = offset < length ? Int(min(256, length - offset)) : 0
        guard available > 0, let raw = bytes(at: offset, count: available), let end = raw.firstIndex(of: 0), end > 0 else { return nil }
        let name = raw[..<end]
        guard name.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }
}
