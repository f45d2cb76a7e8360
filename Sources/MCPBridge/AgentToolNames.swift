/// The names of the tools the MCP bridge lists: `<App>_<Intent>`, in the characters MCP tool
/// names allow (`[A-Za-z0-9_-]`), at most 64 long, the same for the same intent of the same
/// extension on every listing. Two intents whose names would clash (or a name too long) get a
/// short hash of what they are as a suffix.
public enum AgentToolNames {
    /// The longest name a tool gets.
    public static let maximumLength = 64

    /// One intent of one extension of one app, as the catalog names it.
    public struct Key: Hashable, Sendable {
        public var appBundle: String
        public var appName: String
        public var extensionBundle: String
        public var intent: String

        public init(appBundle: String, appName: String, extensionBundle: String, intent: String) {
            self.appBundle = appBundle
            self.appName = appName
            self.extensionBundle = extensionBundle
            self.intent = intent
        }
    }

    /// Each key's tool name; no two keys get the same one. A plain name that clashes with
    /// another key's name, plain or hashed (an intent can be named after another's hashed
    /// name), is hashed too; keys whose names still clash (their hashes are equal) get none:
    /// such a tool is not listed rather than run for the wrong app.
    public static func names(for keys: [Key]) -> [Key: String] {
        var names = Dictionary(keys.map { ($0, plainName(of: $0)) }, uniquingKeysWith: { first, _ in first })
        var hashedKeys = Set<Key>()
        for key in names.keys where names[key]!.utf8.count > maximumLength {
            names[key] = hashed(names[key]!, key: key)
            hashedKeys.insert(key)
        }
        while true {
            let clashing = Dictionary(grouping: names.keys, by: { names[$0]! }).values.filter { $0.count > 1 }.flatMap { $0 }
            let plainOnes = clashing.filter { !hashedKeys.contains($0) }
            guard !plainOnes.isEmpty else {
                for key in clashing { names[key] = nil }
                return names
            }
            for key in plainOnes {
                names[key] = hashed(plainName(of: key), key: key)
                hashedKeys.insert(key)
            }
        }
    }

    /// `<App>_<Intent>` with every other character made `_`.
    static func plainName(of key: Key) -> String {
        sanitized(key.appName) + "_" + sanitized(key.intent)
    }

    /// The name cut to leave room for `_` and eight hexadecimal digits of the key's hash.
    static func hashed(_ name: String, key: Key) -> String {
        let digest = fnv1a("\(key.appBundle)\u{0}\(key.extensionBundle)\u{0}\(key.intent)")
        let hex = String(digest, radix: 16)
        let suffix = "_" + String(repeating: "0", count: 8 - hex.count) + hex
        return String(name.prefix(maximumLength - suffix.count)) + suffix
    }

    static func sanitized(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "_", "-": Character(scalar)
            default: "_"
            }
        })
    }

    /// 32-bit FNV-1a: stable across runs and builds (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }
}
