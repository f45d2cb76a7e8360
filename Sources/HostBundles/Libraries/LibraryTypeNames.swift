import Foundation

/// The Swift types a shared library defines, read from its metadata without loading it: the
/// `swift5_type_metadata` section of the ELF file lists every nominal type's context descriptor, which
/// names the type and its parent (the module, for a top-level type).
///
/// The library is hostile input: every offset is bounds-checked, and a file that is not a
/// 64-bit little-endian ELF, or has no Swift metadata, gives nil ("unknown"), never a crash.
public struct LibraryTypeNames: Sendable {
    /// A class: its module (nil when nested or unknown) and its name.
    public struct ClassName: Hashable, Sendable {
        public var module: String?
        public var name: String

        public init(module: String?, name: String) {
            self.module = module
            self.name = name
        }
    }

    public private(set) var classes: Set<ClassName> = []

    /// Records read at most; a library with more types is read up to this many.
    static let maximumRecords = 200_000

    /// The types of the library at `path` (not followed if a symlink), or nil when it cannot be
    /// read or has no Swift metadata.
    public init?(path: String) {
        // Not blocking: a FIFO put in the library's place must not hang the open (fstat refuses it).
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(length: UInt64(status.st_size), read: ELFFile.reader(of: descriptor))
    }

    /// The types of the library held in `bytes`.
    public init?(bytes: [UInt8]) {
        self.init(length: UInt64(bytes.count)) { offset, count in Array(bytes[Int(offset)..<Int(offset) + count]) }
    }

    /// Reads through `read`, which is only asked for ranges inside `length`.
    private init?(length: UInt64, read: @escaping (UInt64, Int) -> [UInt8]?) {
        guard let file = ELFFile(length: length, read: read), let section = file.section(named: "swift5_type_metadata") else { return nil }
        let count = min(Int(section.size / 4), Self.maximumRecords)
        for index in 0..<count {
            let recordAddress = section.address &+ UInt64(index * 4)
            guard let relative = file.int32(atOffset: section.offset &+ UInt64(index * 4)) else { break }
            let target = UInt64(bitPattern: Int64(bitPattern: recordAddress) &+ Int64(relative))
            // The low two bits say how the record refers to its descriptor; 0 is directly.
            guard target & 3 == 0, let descriptor = file.descriptor(at: target), descriptor.kind == 16 else { continue }
            var module: String?
            if let parent = file.parentAddress(of: target), let context = file.descriptor(at: parent), context.kind == 0 {
                module = context.name
            }
            classes.insert(ClassName(module: module, name: descriptor.name))
        }
    }

    /// Whether the library defines a class named `name`, in any module.
    public func hasClass(named name: String) -> Bool {
        classes.contains { $0.name == name }
    }
}
