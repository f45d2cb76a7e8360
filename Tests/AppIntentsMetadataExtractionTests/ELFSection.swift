import Foundation

/// Reads one section's bytes out of a 64-bit little-endian ELF file, as the host does, without
/// loading it.
enum ELFSection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes of the section named `name` in the ELF file at `path`.
    /// - Throws: `Failure` naming the file when it is not such an ELF file or has no such section.
    static func bytes(named name: String, inFileAt path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "\(path) cannot be read.") }
        let file = [UInt8](data)
        guard file.count >= 64, file[0..<4] == [0x7F, 0x45, 0x4C, 0x46], file[4] == 2, file[5] == 1 else {
            throw Failure(description: "\(path) is not a 64-bit little-endian ELF file.")
        }
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(file[offset + $1]) << (8 * $1) }
        }
        let headers = integer(0x28, 8), headerSize = integer(0x3A, 2), count = integer(0x3C, 2), namesIndex = integer(0x3E, 2)
        guard headers + headerSize * count <= file.count, namesIndex < count else {
            throw Failure(description: "\(path) has section headers outside the file.")
        }
        func section(_ number: Int) -> (name: Int, offset: Int, size: Int) {
            let header = headers + number * headerSize
            return (integer(header, 4), integer(header + 0x18, 8), integer(header + 0x20, 8))
        }
        let names = section(namesIndex)
        for number in 0..<count {
            let candidate = section(number)
            let start = names.offset + candidate.name
            guard start < file.count else { continue }
            let end = file[start...].firstIndex(of: 0) ?? file.count
            guard String(decoding: file[start..<end], as: UTF8.self) == name else { continue }
            guard candidate.offset + candidate.size <= file.count else {
                throw Failure(description: "The section \(name) of \(path) ends outside the file.")
            }
            return Array(file[candidate.offset..<candidate.offset + candidate.size])
        }
        throw Failure(description: "\(path) has no section named \(name).")
    }
}
