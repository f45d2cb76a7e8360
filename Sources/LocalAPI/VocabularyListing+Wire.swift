import ExtensionProtocol

extension VocabularyListing: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(user) { writer, record in
            writer.string(record.app)
            writer.int(record.type)
            writer.array(record.strings) { $0.string($1) }
        }
        writer.array(apps) { writer, app in
            writer.string(app.app)
            writer.string(app.name)
            writer.array(app.parameters) { writer, parameter in
                writer.string(parameter.name)
                writer.array(parameter.values) { writer, value in
                    writer.string(value.identifier)
                    writer.array(value.phrases) { $0.string($1) }
                }
            }
            writer.array(app.intentPhrases) { writer, entry in
                writer.string(entry.intent)
                writer.array(entry.examples) { $0.string($1) }
            }
        }
    }

    public init(from reader: inout WireReader) throws {
        let user = try reader.array { reader in
            UserVocabulary(app: try reader.string(), type: try reader.int(), strings: try reader.array { try $0.string() })
        }
        let apps = try reader.array { reader in
            AppVocabulary(app: try reader.string(), name: try reader.string(), parameters: try reader.array { reader in
                AppVocabulary.Parameter(name: try reader.string(), values: try reader.array { reader in
                    AppVocabulary.Value(identifier: try reader.string(), phrases: try reader.array { try $0.string() })
                })
            }, intentPhrases: try reader.array { reader in
                AppVocabulary.Examples(intent: try reader.string(), examples: try reader.array { try $0.string() })
            })
        }
        self.init(user: user, apps: apps)
    }
}
