import Foundation

/// Values written inline in a keyed archive and read back with no class lookup.
///
/// swift-corelibs-foundation's `NSKeyedUnarchiver` traps (`fatalError`), rather than failing,
/// when a key that `decodeObject(of:forKey:)` reads holds an object of a class other than the
/// ones asked for, and an archive in an app group can be written by a hostile extension. Bytes
/// and text written with `encodeBytes(_:length:forKey:)` sit in the object's own entry and are
/// read as plain data: a key that holds anything else reads as nil. The SDK's classes archive
/// what they carry this way, so a crafted archive makes their `init?(coder:)` fail, never trap.
extension NSCoder {
    /// Writes `bytes` inline under `key`.
    package func encodeInlineBytes(_ bytes: [UInt8], forKey key: String) {
        bytes.withUnsafeBufferPointer { encodeBytes($0.baseAddress, length: $0.count, forKey: key) }
    }

    /// The bytes written inline under `key`; nil when the key is absent or holds something else.
    package func decodeInlineBytes(forKey key: String) -> [UInt8]? {
        guard allowsKeyedCoding, containsValue(forKey: key) else { return nil }
        return withDecodedUnsafeBufferPointer(forKey: key) { $0.map(Array.init) }
    }

    /// Writes `text` inline under `key` as UTF-8; nothing for nil.
    package func encodeInlineString(_ text: String?, forKey key: String) {
        guard let text else { return }
        encodeInlineBytes(Array(text.utf8), forKey: key)
    }

    /// The text written inline under `key`; nil when absent, not inline bytes, or not UTF-8.
    package func decodeInlineString(forKey key: String) -> String? {
        decodeInlineBytes(forKey: key).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
