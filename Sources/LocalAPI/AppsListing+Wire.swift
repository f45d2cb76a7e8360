import ExtensionProtocol

extension AppsListing: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(apps) { $0.value($1) }
        writer.array(faults) { writer, fault in
            writer.string(fault.code)
            writer.string(fault.path)
            writer.optional(fault.key) { $0.string($1) }
            writer.string(fault.message)
        }
        writer.array(conflicts) { writer, conflict in
            writer.string(conflict.intent)
            writer.array(conflict.extensions) { $0.string($1) }
            writer.array(conflict.paths) { $0.string($1) }
            writer.string(conflict.message)
        }
        writer.array(notes) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(apps: try reader.array { try $0.value() },
                  faults: try reader.array { reader in
                      ListedFault(code: try reader.string(), path: try reader.string(), key: try reader.optional { try $0.string() },
                                  message: try reader.string())
                  },
                  conflicts: try reader.array { reader in
                      ListedConflict(intent: try reader.string(), extensions: try reader.array { try $0.string() },
                                     paths: try reader.array { try $0.string() }, message: try reader.string())
                  },
                  notes: try reader.array { try $0.string() })
    }
}

extension ListedApp: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(bundleIdentifier)
        writer.string(displayName)
        writer.string(path)
        writer.array(extensions) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(bundleIdentifier: try reader.string(), displayName: try reader.string(), path: try reader.string(),
                  extensions: try reader.array { try $0.value() })
    }
}

extension ListedExtension: WireCodable {
    public func write(to writer: inout WireWriter) {
        for text in [bundleIdentifier, displayName, path, principalClass, library] { writer.string(text) }
        for list in [intentsSupported, restrictedWhileLocked, restrictedWhileProtectedDataUnavailable, alwaysRestricted, shared, appIntentNames] {
            writer.array(list) { $0.string($1) }
        }
        writer.optional(appIntents) { writer, intents in writer.array(intents) { $0.value($1) } }
        writer.array(appShortcuts) { writer, shortcut in
            writer.string(shortcut.intent)
            writer.array(shortcut.phrases) { $0.string($1) }
        }
        writer.array(installedShortcuts) { writer, shortcut in
            writer.int(shortcut.position)
            writer.string(shortcut.primaryPhrase)
            writer.string(shortcut.intent)
            writer.int(shortcut.phraseCount)
        }
    }

    public init(from reader: inout WireReader) throws {
        let texts = try (0..<5).map { _ in try reader.string() }
        let lists = try (0..<6).map { _ in try reader.array { try $0.string() } }
        self.init(bundleIdentifier: texts[0], displayName: texts[1], path: texts[2], principalClass: texts[3], library: texts[4],
                  intentsSupported: lists[0], restrictedWhileLocked: lists[1], restrictedWhileProtectedDataUnavailable: lists[2],
                  alwaysRestricted: lists[3], shared: lists[4], appIntentNames: lists[5],
                  appIntents: try reader.optional { reader in try reader.array { try $0.value() } },
                  appShortcuts: try reader.array { reader in ListedAppShortcut(intent: try reader.string(), phrases: try reader.array { try $0.string() }) },
                  installedShortcuts: try reader.array { reader in
                      InstalledShortcut(position: try reader.int(), primaryPhrase: try reader.string(), intent: try reader.string(),
                                        phraseCount: try reader.int())
                  })
    }
}
