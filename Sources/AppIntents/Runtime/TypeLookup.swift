import ExtensionProtocol
import Synchronization

/// Finds the types the host names by their module-qualified names (`MeditationKit.StartMeditationIntent`).
///
/// `_typeByName` finds classes by such a name but not structs or enums, which it finds only by
/// their mangled names: those are tried for each kind (struct, enum, class) the name's parts may have.
enum TypeLookup {
    static func intent(named name: String) throws -> any AppIntent.Type {
        try find(name, as: (any AppIntent.Type).self, protocolName: "AppIntent")
    }

    static func entity(named name: String) throws -> any AppEntity.Type {
        try find(name, as: (any AppEntity.Type).self, protocolName: "AppEntity")
    }

    static func shortcutsProvider(named name: String) throws -> any AppShortcutsProvider.Type {
        try find(name, as: (any AppShortcutsProvider.Type).self, protocolName: "AppShortcutsProvider")
    }

    /// Types found, by name: a look-up walks the metadata of every loaded image (a quarter of an
    /// extension's time per `perform` when it was made each time), and a type once found stays
    /// (images are never unloaded). Misses are not kept, so the names kept are names of types.
    private static let found = Mutex<[String: Any.Type]>([:])

    /// The type named `name`, a module and one or more type names separated by dots.
    static func type(named name: String) -> Any.Type? {
        if let known = found.withLock({ $0[name] }) { return known }
        guard let type = lookUp(name) else { return nil }
        found.withLock { $0[name] = type }
        return type
    }

    private static func lookUp(_ name: String) -> Any.Type? {
        if let found = _typeByName(name) { return found }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard (2...4).contains(parts.count), parts.allSatisfy(isPlainIdentifier) else { return nil }
        var candidates = [mangled(parts[0])]
        for part in parts.dropFirst() {
            candidates = candidates.flatMap { prefix in ["V", "O", "C"].map { prefix + mangled(part) + $0 } }
        }
        return candidates.lazy.compactMap { _typeByName($0) }.first
    }

    private static func find<Found>(_ name: String, as _: Found.Type, protocolName: String) throws -> Found {
        guard let found = type(named: name) else {
            throw ExtensionFailure(.unknownIntent, "The extension's library has no type named \"\(name)\" (an \(protocolName) was expected).")
        }
        guard let typed = found as? Found else {
            throw ExtensionFailure(.unknownIntent, "The type \"\(name)\" in the extension's library does not conform to \(protocolName).")
        }
        return typed
    }

    /// An identifier as mangling writes it: its length, then itself.
    private static func mangled(_ identifier: String) -> String {
        "\(identifier.utf8.count)\(identifier)"
    }

    /// ASCII letters, digits and underscores, not starting with a digit: what mangles as itself.
    private static func isPlainIdentifier(_ part: String) -> Bool {
        guard let first = part.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return part.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
