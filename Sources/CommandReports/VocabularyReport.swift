import LocalAPI

/// How `intents vocabulary` shows the words `intents say` knows: lines of text (not yet escaped
/// for a terminal) or one JSON object. The embedded host and the client print the same bytes from it.
public enum VocabularyReport {
    public static func lines(_ listing: VocabularyListing) -> [String] {
        var lines = listing.user.map { "\($0.app) user vocabulary (type \($0.type)): \($0.strings.joined(separator: ", "))" }
        for app in listing.apps {
            lines += app.parameters.map { parameter in
                "\(app.name) \(parameter.name): " + parameter.values.map { "\($0.identifier) (\($0.phrases.joined(separator: ", ")))" }.joined(separator: "; ")
            }
            lines += app.intentPhrases.map { "\(app.name) \($0.intent): " + $0.examples.map { "\"\($0)\"" }.joined(separator: ", ") }
        }
        if listing.user.isEmpty && listing.apps.isEmpty { lines.append("No vocabulary.") }
        return lines
    }

    /// `{"user": [...], "apps": [...]}`: each app's parameters keyed by name.
    public static func json(_ listing: VocabularyListing) -> JSONValue {
        .object([
            "user": .array(listing.user.map { record in
                .object(["app": .string(record.app), "type": .integer(record.type), "strings": .array(record.strings.map(JSONValue.string))])
            }),
            "apps": .array(listing.apps.map { app in
                .object([
                    "app": .string(app.app),
                    "parameters": .object(Dictionary(app.parameters.map { parameter in
                        (parameter.name, JSONValue.array(parameter.values.map { value in
                            .object(["identifier": .string(value.identifier), "phrases": .array(value.phrases.map(JSONValue.string))])
                        }))
                    }, uniquingKeysWith: { first, _ in first })),
                    "intentPhrases": .array(app.intentPhrases.map { entry in
                        .object(["intent": .string(entry.intent), "examples": .array(entry.examples.map(JSONValue.string))])
                    }),
                ])
            }),
        ])
    }
}
