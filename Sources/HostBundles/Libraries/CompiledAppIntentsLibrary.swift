import ExtensionProtocol
import Foundation

/// The App Intents metadata compiled into one library: the records of its modules (the
/// extension's own target and each shared package it links) merged into one description, with
/// the bare names a module used for another module's types resolved.
///
/// It is what the host knows of an extension's App Intents without running any of its code.
/// Declarations the build could not read whole are `unresolved`: those, and only those, are
/// learned from the sandboxed extension.
public struct CompiledAppIntentsLibrary: Hashable, Sendable {
    public var metadata: AppIntentsMetadata
    /// The `AppShortcutsProvider`, module-qualified; nil when no module declares one.
    public var shortcutsProvider: String?
    /// Module-qualified names of the declarations the build could not read whole.
    public var unresolved: [String]

    public init(metadata: AppIntentsMetadata = AppIntentsMetadata(), shortcutsProvider: String? = nil, unresolved: [String] = []) {
        self.metadata = metadata
        self.shortcutsProvider = shortcutsProvider
        self.unresolved = unresolved
    }

    /// Whether the build read every declaration: the host needs no answer from the extension.
    public var isComplete: Bool { unresolved.isEmpty }

    /// Merges `records`, in order.
    /// - Throws: `CompiledAppIntentsSection.Failure` when two records describe one module
    ///   differently, or when two modules each declare an `AppShortcutsProvider`.
    public static func merge(_ records: [CompiledAppIntents]) throws -> CompiledAppIntentsLibrary {
        var merged = CompiledAppIntentsLibrary()
        var modules: [String: CompiledAppIntents] = [:]
        for record in records {
            if let earlier = modules[record.module] {
                guard earlier == record else {
                    throw CompiledAppIntentsSection.Failure(reason: "it holds two different records for the module \(record.module.quotedForDisplay)")
                }
                continue
            }
            modules[record.module] = record
            if let provider = record.shortcutsProvider {
                if let other = merged.shortcutsProvider {
                    throw CompiledAppIntentsSection.Failure(reason: "both \(other.quotedForDisplay) and \(provider.quotedForDisplay) are AppShortcutsProviders; an app has one")
                }
                merged.shortcutsProvider = provider
            }
            merged.metadata.intents += record.metadata.intents
            merged.metadata.entities += record.metadata.entities
            merged.metadata.enums += record.metadata.enums
            merged.metadata.shortcuts += record.metadata.shortcuts
            merged.unresolved += record.unresolved
        }
        merged.resolveBareNames()
        return merged
    }

    /// Qualifies each bare type name (one a module used for a type it does not declare) by the
    /// one entity or enum of that name the library describes; an intent whose parameter names
    /// no such type cannot run, and says so.
    private mutating func resolveBareNames() {
        let entities = Dictionary(grouping: metadata.entities.map(\.typeName), by: Self.shortName)
        let enums = Dictionary(grouping: metadata.enums.map(\.typeName), by: Self.shortName)
        func resolved(_ type: AppValueTypeSchema) -> AppValueTypeSchema? {
            guard let name = type.typeName, !name.contains(".") else { return type }
            var type = type
            if let match = entities[name], match.count == 1 {
                type.kind = .entity
                type.typeName = match[0]
            } else if let match = enums[name], match.count == 1 {
                type.kind = .enumeration
                type.typeName = match[0]
            } else {
                return nil
            }
            return type
        }
        for index in metadata.intents.indices {
            var intent = metadata.intents[index]
            for position in intent.parameters.indices {
                let parameter = intent.parameters[position]
                let type = AppValueTypeSchema(kind: parameter.kind, typeName: parameter.typeName, isOptional: parameter.isOptional,
                                              isList: parameter.isList)
                if let found = resolved(type) {
                    intent.parameters[position].kind = found.kind
                    intent.parameters[position].typeName = found.typeName
                } else if intent.unavailableReason == nil {
                    intent.unavailableReason = "Its parameter \(parameter.name) is a \(parameter.typeName ?? "value"), which the library describes as no App Entity or App Enum."
                }
            }
            if let returned = intent.returnType { intent.returnType = resolved(returned) }
            metadata.intents[index] = intent
        }
        for index in metadata.entities.indices {
            metadata.entities[index].properties = metadata.entities[index].properties.compactMap { property in
                resolved(property.type).map { AppEntityPropertySchema(name: property.name, title: property.title, type: $0) }
            }
        }
        let intents = Dictionary(grouping: metadata.intents.map(\.typeName), by: Self.shortName)
        // A shortcut whose intent stays bare is kept as it is: the metadata check refuses it.
        for index in metadata.shortcuts.indices where !metadata.shortcuts[index].intent.contains(".") {
            if let match = intents[metadata.shortcuts[index].intent], match.count == 1 { metadata.shortcuts[index].intent = match[0] }
        }
    }

    private static func shortName(_ typeName: String) -> String {
        String(typeName.split(separator: ".").last ?? "")
    }
}

/// Kept with a scan (`BundleScanCache`): the metadata in the wire coding, which reads back in a
/// fraction of the time JSON's keyed containers take (they were most of a kept scan's reading).
extension CompiledAppIntentsLibrary: Codable {
    private enum CodingKeys: String, CodingKey {
        case metadata, shortcutsProvider, unresolved
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var reader = WireReader([UInt8](try container.decode(Data.self, forKey: .metadata)))
        let metadata: AppIntentsMetadata = try reader.value()
        guard reader.isAtEnd else { throw reader.fault("bytes after the metadata") }
        self.init(metadata: metadata, shortcutsProvider: try container.decodeIfPresent(String.self, forKey: .shortcutsProvider),
                  unresolved: try container.decode([String].self, forKey: .unresolved))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var writer = WireWriter()
        writer.value(metadata)
        try container.encode(Data(writer.bytes), forKey: .metadata)
        try container.encodeIfPresent(shortcutsProvider, forKey: .shortcutsProvider)
        try container.encode(unresolved, forKey: .unresolved)
    }
}
