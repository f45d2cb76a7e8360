import Foundation

/// Finds classes by their plain name in every image loaded in the process (the executable,
/// the extension's library, the shared libraries they link), as Apple's runtime finds a class
/// named in `IntentsSupported` in any image.
///
/// It walks the Swift type metadata records the runtime registered for each image
/// (`swift_enumerateAllMetadataSections`, exported by libswiftCore on ELF platforms), reading
/// the ABI's layouts: `MetadataSections` (swift/shims/MetadataSections.h), type metadata
/// records (32-bit relative pointers to context descriptors, the low two bits saying how) and
/// context descriptors (flags, parent, name; swift/ABI/Metadata.h). Only top-level,
/// non-generic classes whose parent is a module are named; anything else is skipped.
enum LoadedClassNames {
    /// "Module.Name" for each top-level, non-generic class named `name` in a loaded image, in
    /// the order the runtime lists the images; empty when there is none or the runtime does not
    /// export the enumeration.
    static func qualifiedNames(ofClassesNamed name: String) -> [String] {
        guard let enumerate = enumerateAllMetadataSections, isIdentifier(name) else { return [] }
        let search = Search(name: Array(name.utf8))
        withExtendedLifetime(search) {
            enumerate({ sections, context in
                guard let context else { return false }
                let search = Unmanaged<Search>.fromOpaque(context).takeUnretainedValue()
                search.visit(sections)
                return true
            }, Unmanaged.passUnretained(search).toOpaque())
        }
        return search.found
    }

    private typealias Visitor = @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool
    private typealias Enumerator = @convention(c) (Visitor, UnsafeMutableRawPointer?) -> Void

    /// The runtime's `swift_enumerateAllMetadataSections`, looked up rather than linked: a
    /// runtime without it leaves only the other ways of finding a class.
    private static let enumerateAllMetadataSections: Enumerator? = {
        guard let symbol = dlsym(nil, "swift_enumerateAllMetadataSections") else { return nil }
        return unsafeBitCast(symbol, to: Enumerator.self)
    }()

    /// One search: the wanted name and what matched.
    private final class Search {
        let name: [UInt8]
        var found: [String] = []

        init(name: [UInt8]) { self.name = name }

        /// Reads one image's `MetadataSections`: a version word, three pointer-sized words, then
        /// (start, length) ranges: protocols, conformances, type metadata...
        func visit(_ sections: UnsafeRawPointer) {
            let word = MemoryLayout<UInt>.size
            guard sections.load(as: UInt.self) >= 1 else { return }
            let range = sections + 4 * word + 2 * (2 * word)
            let start = range.load(as: UInt.self)
            let length = Int(clamping: range.load(fromByteOffset: word, as: UInt.self))
            guard let records = UnsafeRawPointer(bitPattern: start), start % 4 == 0 else { return }
            for offset in stride(from: 0, to: length - length % 4, by: 4) {
                if let qualified = match(record: records + offset) { found.append(qualified) }
            }
        }

        /// "Module.Name" when the record's descriptor is a top-level, non-generic class named
        /// as wanted.
        private func match(record: UnsafeRawPointer) -> String? {
            guard let descriptor = typeDescriptor(of: record) else { return nil }
            let flags = descriptor.load(as: UInt32.self)
            guard flags & kindMask == classKind, flags & genericFlag == 0,
                  let typeName = LoadedClassNames.string(at: descriptor + 8), typeName == name,
                  let parent = LoadedClassNames.parent(of: descriptor),
                  parent.load(as: UInt32.self) & kindMask == moduleKind,
                  let module = LoadedClassNames.string(at: parent + 8) else { return nil }
            return String(decoding: module + [UInt8(ascii: ".")] + typeName, as: UTF8.self)
        }

        /// The context descriptor a record points to: directly (kind 0) or through a pointer
        /// (kind 1); Objective-C kinds (2, 3) do not occur here and are skipped.
        private func typeDescriptor(of record: UnsafeRawPointer) -> UnsafeRawPointer? {
            let raw = record.load(as: Int32.self)
            let target = record + Int(raw & ~3)
            switch raw & 3 {
            case 0 where raw != 0:
                return LoadedClassNames.aligned(target)
            case 1 where Int(bitPattern: target) % MemoryLayout<UnsafeRawPointer>.alignment == 0:
                return LoadedClassNames.aligned(target.load(as: UnsafeRawPointer?.self))
            default:
                return nil
            }
        }
    }

    /// Context descriptor kinds (the low five bits of the flags) and the generic flag.
    private static let kindMask: UInt32 = 0x1F
    private static let moduleKind: UInt32 = 0
    private static let classKind: UInt32 = 16
    private static let genericFlag: UInt32 = 0x80

    /// The parent of a context descriptor: a relative pointer at offset 4, indirect when its
    /// low bit is set; nil for none.
    private static func parent(of descriptor: UnsafeRawPointer) -> UnsafeRawPointer? {
        let field = descriptor + 4
        let raw = field.load(as: Int32.self)
        guard raw != 0 else { return nil }
        if raw & 1 == 0 { return aligned(field + Int(raw)) }
        let slot = field + Int(raw & ~1)
        guard Int(bitPattern: slot) % MemoryLayout<UnsafeRawPointer>.alignment == 0 else { return nil }
        return aligned(slot.load(as: UnsafeRawPointer?.self))
    }

    /// The identifier a relative pointer at `field` points to; nil when it is null, longer
    /// than 255 bytes, or not a plain ASCII identifier.
    private static func string(at field: UnsafeRawPointer) -> [UInt8]? {
        let raw = field.load(as: Int32.self)
        guard raw != 0 else { return nil }
        let start = (field + Int(raw)).assumingMemoryBound(to: UInt8.self)
        var bytes: [UInt8] = []
        while bytes.count <= 255 {
            let byte = start[bytes.count]
            if byte == 0 { return bytes.isEmpty ? nil : bytes }
            guard isIdentifierByte(byte) else { return nil }
            bytes.append(byte)
        }
        return nil
    }

    /// `pointer` when it is non-null and 4-byte aligned, as every context descriptor is.
    private static func aligned(_ pointer: UnsafeRawPointer?) -> UnsafeRawPointer? {
        guard let pointer, Int(bitPattern: pointer) % 4 == 0 else { return nil }
        return pointer
    }

    private static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name.utf8.allSatisfy(isIdentifierByte)
    }

    /// ASCII letters, digits and the underscore.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
