/// The intents, entities, enums and queries an app registers, looked up by type name: the
/// entry point of a test.
///
///     let defs = IntentDefinitions(bundleIdentifier: "org.example.Notes")
///     let result = try await defs.intents["CreateNoteIntent"].makeIntent(title: "Groceries").run()
///
/// Nothing is asked of the host until a definition is used: an unknown name throws then.
public struct IntentDefinitions: Sendable {
    /// The app under test (not the test bundle).
    public let bundleIdentifier: String

    public init(bundleIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
    }

    /// Definitions of one kind, by type name.
    public struct DefinitionCollection<Definition>: Sendable where Definition: Sendable {
        let make: @Sendable (String) -> Definition

        public subscript(name: String) -> Definition { make(name) }
    }

    public var intents: DefinitionCollection<AppIntentDefinition> {
        let app = bundleIdentifier
        return DefinitionCollection { AppIntentDefinition(identifier: $0, bundleIdentifier: app) }
    }

    public var entities: DefinitionCollection<AppEntityDefinition> {
        let app = bundleIdentifier
        return DefinitionCollection { AppEntityDefinition(typeIdentifier: $0, bundleIdentifier: app) }
    }

    public var enums: DefinitionCollection<AppEnumDefinition> {
        let app = bundleIdentifier
        return DefinitionCollection { AppEnumDefinition(typeIdentifier: $0, bundleIdentifier: app) }
    }

    public var valueQueries: DefinitionCollection<IntentValueQueryDefinition> {
        let app = bundleIdentifier
        return DefinitionCollection { IntentValueQueryDefinition(queryIdentifier: $0, bundleIdentifier: app) }
    }

    public var transientEntities: DefinitionCollection<TransientAppEntityDefinition> {
        let app = bundleIdentifier
        return DefinitionCollection { TransientAppEntityDefinition(typeIdentifier: $0, bundleIdentifier: app) }
    }

    public var skills: DefinitionCollection<SkillDefinition> {
        let app = bundleIdentifier
        return DefinitionCollection { SkillDefinition(bundleIdentifier: app, skillName: $0) }
    }
}

/// A definition that has instances a test reads values as: an entity, an enum, a transient entity.
public protocol AppIntentTypeDefinition: Sendable {
    associatedtype Instance: IntentValueConvertible
    /// Throws when `value` is not an instance of this type.
    func isInstance(_ value: Instance) throws
}

/// A skill an app ships (Markdown instructions for a task). Linux: the host loads no skills;
/// a skill definition names one for expectations only.
public struct SkillDefinition: Equatable, Sendable {
    public let bundleIdentifier: String
    public let skillName: String
}

/// Builds a value from labelled arguments: `makeIntent(title: "Groceries", pinned: true)`.
/// Tests never make one; arguments are checked when the value is used.
@dynamicCallable
public struct IntentValuePropertiesCallable<T>: Sendable {
    let make: @Sendable ([(String, (any IntentValueExpressing)?)]) -> T

    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, (any IntentValueExpressing)?>) -> T {
        make(args.map { ($0.key, $0.value) })
    }
}
