import Crypto
import Foundation
import Synchronization

/// The property lists a read of one app folder parsed, each with the SHA-256 of the very bytes
/// parsed (`PropertyListFile` records them while one is `current`). A kept scan is trusted by
/// the folder's fingerprint, taken before the read: it is kept only when each plist parsed is
/// the one fingerprinted, so that a file changed between the two (even through a mapping,
/// which stamps no time) is never kept under the other's fingerprint.
final class ParsedPropertyLists: Sendable {
    /// The collector of the read in progress, if any.
    @TaskLocal static var current: ParsedPropertyLists?

    private struct Parsed {
        var digests: [String: [UInt8]] = [:]
        /// Set when one path was parsed twice with different bytes.
        var conflicting = false
    }

    private let parsed = Mutex(Parsed())

    /// Records that the plist at `path` (as the reader named it) was parsed from `data`.
    func record(_ path: String, _ data: Data) {
        let digest = Array(SHA256.hash(data: data))
        parsed.withLock { parsed in
            if let earlier = parsed.digests.updateValue(digest, forKey: path), earlier != digest { parsed.conflicting = true }
        }
    }

    /// Whether every plist parsed lies in the folder `folder` (as named) and was parsed from the
    /// bytes whose digests `fingerprinted` holds, by path inside the folder.
    func agree(with fingerprinted: [String: [UInt8]], in folder: String) -> Bool {
        let prefix = Array((folder + "/").utf8)
        return parsed.withLock { parsed in
            !parsed.conflicting && parsed.digests.allSatisfy { path, digest in
                guard path.utf8.starts(with: prefix) else { return false }
                let inside = String(decoding: path.utf8.dropFirst(prefix.count), as: UTF8.self)
                return fingerprinted[inside] == digest
            }
        }
    }
}
