import Foundation
@testable import HostBundles
import Testing

/// Small reads of a library served from whole blocks read once: the same bytes as reading the
/// file at each offset, and nil exactly where the file has fewer bytes than asked.
@Suite struct BlockReadsTests {
    let scratch = TemporaryFolder()

    @Test func readsGiveTheFilesBytesWhereverTheyFallAndNothingPastItsEnd() throws {
        var generator = SplitMix(seed: 7)
        // Not a multiple of the block size, so the last block is short.
        let bytes = (0..<(BlockReads.blockSize * (BlockReads.maximumBlocks + 6) + 123)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let path = scratch.path + "/file"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let reads = BlockReads(descriptor: descriptor)
        func expected(_ offset: Int, _ count: Int) -> [UInt8]? {
            offset + count <= bytes.count ? Array(bytes[offset..<offset + count]) : nil
        }
        let size = BlockReads.blockSize
        let edges: [(Int, Int)] = [(0, 1), (size - 1, 2), (size - 4, 8), (bytes.count - 1, 1), (bytes.count - 1, 2),
                                   (bytes.count, 1), (bytes.count + size, 4), (0, BlockReads.largestBlockedRead + 1),
                                   (bytes.count - 10, BlockReads.largestBlockedRead + 1), (3 * size - 5, 2 * size)]
        for (offset, count) in edges {
            #expect(reads.read(UInt64(offset), count) == expected(offset, count), "offset \(offset), count \(count)")
        }
        // More distinct blocks than are kept, in random order, so that blocks are dropped and read again.
        for _ in 0..<2_000 {
            let offset = Int(generator.next() % UInt64(bytes.count + 64))
            let count = 1 + Int(generator.next() % 300)
            #expect(reads.read(UInt64(offset), count) == expected(offset, count), "offset \(offset), count \(count)")
        }
        #expect(reads.read(UInt64.max - 2, 8) == nil, "an offset whose end overflows")
        #expect(reads.read(5, 0) == [])
    }
}
