import ExtensionProtocol
import Foundation
import SQLiteSupport
import SystemCalls

/// The values an extension's entity queries gave for its App Shortcut phrases: entity type
/// to its suggested entities, as objects (identifier and title), in the query's order.
public struct AppShortcutParameterValues: Codable, Hashable, Sendable {
    /// The library the values came from (its content hash): a changed library asks again.
    public var libraryHash: String
    /// The generation of the app they answer: 0 for the values gathered at install, then one more
    /// for each `updateAppShortcutParameters()` and each App Intent of the app that ran.
    public var generation: Int
    public var entities: [String: [IntentValue]]

    public init(libraryHash: String, generation: Int, entities: [String: [IntentValue]]) {
        self.libraryHash = libraryHash
        self.generation = generation
        self.entities = entities
    }
}

extension SystemStore {
    /// The App Intents metadata described by a library with this content hash, if cached.
    public func appIntentsMetadata(libraryHash: String) throws -> AppIntentsMetadata? {
        guard let blob = try read("SELECT record FROM app_intents_metadata WHERE library_hash = ?", [.text(libraryHash)]).first?.first,
              case .blob(let data) = blob else { return nil }
        return try? JSONDecoder().decode(AppIntentsMetadata.self, from: data)
    }

    /// The content hash cached for a library file identity (device, inode, size, mtime), so
    /// that an unchanged file is not read again to be hashed.
    public func appIntentsLibraryHash(identity: String) throws -> String? {
        try read("SELECT library_hash FROM app_intents_metadata WHERE identity = ? ORDER BY created DESC LIMIT 1",
                 [.text(identity)]).first?.first?.text
    }

    /// How many libraries' App Intents metadata is cached.
    public func appIntentsMetadataCount() throws -> Int {
        Int(try read("SELECT count(*) FROM app_intents_metadata").first?.first?.integer ?? 0)
    }

    /// Caches `metadata` for the library with this content hash and file identity.
    public func saveAppIntentsMetadata(_ metadata: AppIntentsMetadata, libraryHash: String, identity: String) throws {
        let record = try JSONEncoder().encode(metadata)
        try write {
            try connection.run("INSERT OR REPLACE INTO app_intents_metadata (library_hash, identity, created, record) VALUES (?, ?, ?, ?)",
                               [.text(libraryHash), .text(identity), .real(Date().timeIntervalSince1970), .blob(record)])
        }
    }

    /// Records that `app` called `updateAppShortcutParameters()`: its generation goes up by one.
    public func requestAppShortcutParameters(app: String) throws {
        try write {
            try connection.run("""
                INSERT INTO app_shortcut_parameter_requests (app, generation) VALUES (?, 1)
                ON CONFLICT (app) DO UPDATE SET generation = generation + 1
                """, [.text(app)])
        }
    }

    /// How many times `app` asked for its App Shortcut parameters to be updated; 0 for never.
    public func appShortcutParameterGeneration(app: String) throws -> Int {
        Int(try read("SELECT generation FROM app_shortcut_parameter_requests WHERE app = ?", [.text(app)]).first?.first?.integer ?? 0)
    }

    /// The parameter values last gathered for the extension `extensionIdentifier`.
    public func appShortcutParameters(extension extensionIdentifier: String) throws -> AppShortcutParameterValues? {
        guard let blob = try read("SELECT record FROM app_shortcut_parameters WHERE extension = ?", [.text(extensionIdentifier)]).first?.first,
              case .blob(let data) = blob else { return nil }
        return try? JSONDecoder().decode(AppShortcutParameterValues.self, from: data)
    }

    public func saveAppShortcutParameters(_ values: AppShortcutParameterValues, extension extensionIdentifier: String) throws {
        let record = try JSONEncoder().encode(values)
        try write {
            try connection.run("""
                INSERT OR REPLACE INTO app_shortcut_parameters (extension, library_hash, generation, record) VALUES (?, ?, ?, ?)
                """, [.text(extensionIdentifier), .text(values.libraryHash), .integer(Int64(values.generation)), .blob(record)])
        }
    }
}
