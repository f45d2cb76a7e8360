import Foundation

/// Reads of a file open at a descriptor, with small reads served from whole blocks kept from
/// earlier reads: reading an ELF file's headers field by field then costs a system call per
/// block, not one per field. Larger reads go straight to the file.
///
/// Not thread-safe: one reader of one file, for as long as its descriptor stays open. It keeps at
/// most `maximumBlocks` blocks (256 KiB), dropped all at once when that many are held.
final class BlockReads {
    static let blockSize = 4096
    static let maximumBlocks = 64
    /// Reads longer than this are not cut into blocks.
    static let largestBlockedRead = 2 * blockSize

    private let descriptor: Int32
    private var blocks: [UInt64: [UInt8]] = [:]

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// `count` bytes at `offset`, or nil when the file has fewer there (or cannot be read).
    func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        guard count <= Self.largestBlockedRead else { return readDirectly(offset, count) }
        let size = UInt64(Self.blockSize)
        let (end, overflow) = offset.addingReportingOverflow(UInt64(count))
        guard !overflow else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var index = offset / size
        while index * size < end {
            guard let block = block(index) else { return nil }
            let blockStart = index * size
            let from = Int(max(offset, blockStart) - blockStart)
            let to = Int(min(end, blockStart + size) - blockStart)
            // A short block is the file's end: what lies past it is not there.
            guard to <= block.count else { return nil }
            result.append(contentsOf: block[from..<to])
            index += 1
        }
        return result
    }

    private func block(_ index: UInt64) -> [UInt8]? {
        if let known = blocks[index] { return known }
        let (start, overflow) = index.multipliedReportingOverflow(by: UInt64(Self.blockSize))
        guard !overflow, start <= UInt64(off_t.max) else { return nil }
        var buffer = [UInt8](repeating: 0, count: Self.blockSize)
        var filled = 0
        while filled < Self.blockSize {
            let read = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, Self.blockSize - filled, off_t(start) + off_t(filled))
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            filled += read
        }
        buffer.removeSubrange(filled...)
        if blocks.count >= Self.maximumBlocks { blocks.removeAll(keepingCapacity: true) }
        blocks[index] = buffer
        return buffer
    }

    private func readDirectly(_ offset: UInt64, _ count: Int) -> [UInt8]? {
        guard offset <= UInt64(off_t.max) else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return read == count ? buffer : nil
    }
}
