import ExtensionProtocol

/// Describes intents and App Shortcuts for the host: `describeAppIntents`.
///
/// It fills what the running code can tell: titles, parameters (with their descriptions, dialogs
/// and ranges), `isDiscoverable`, the parameter summary's template, the value `perform()` returns,
/// the custom intent an intent replaces, entity properties. It cannot see a `description` declared
/// with a non-optional type (`static var description = IntentDescription("...")`), which does not
/// witness the protocol's optional requirement: the build-time extractor reads that one.
struct MetadataBuilder {
    private(set) var metadata = AppIntentsMetadata()
    private var described: Set<ObjectIdentifier> = []
    /// Entity types whose properties need titles, read from an entity their query gives.
    private var entityTypes: [(typeName: String, type: any AppEntity.Type)] = []

    /// The metadata of the intents named (module-qualified) and of the provider's shortcuts,
    /// whose intents are described too. An intent with a parameter App Intents cannot carry is
    /// described with an `unavailableReason`; the others are described as usual.
    /// - Throws: `ExtensionFailure` naming a type that is missing or of the wrong kind.
    static func describe(intents: [String], shortcutsProvider: String?) async throws -> AppIntentsMetadata {
        var builder = MetadataBuilder()
        for name in intents {
            try builder.add(try TypeLookup.intent(named: name), typeName: name)
        }
        if let shortcutsProvider {
            try builder.addShortcuts(of: try TypeLookup.shortcutsProvider(named: shortcutsProvider))
        }
        await builder.titleEntityProperties()
        return builder.metadata
    }

    mutating func add(_ intentType: any AppIntent.Type, typeName: String) throws {
        guard described.insert(ObjectIdentifier(intentType)).inserted else { return }
        let intent = intentType.init()
        var parameters: [AppParameterSchema] = []
        var unavailable: [String] = []
        for (name, parameter) in ParameterReflection.parameters(of: intent) {
            guard let shape = ValueShape.of(parameter.valueType) else {
                unavailable.append("The parameter \"\(name)\" of \(typeName) has the type \(parameter.valueType), which the host cannot carry.")
                continue
            }
            parameters.append(AppParameterSchema(name: name, title: parameter.titleText.isEmpty ? name : parameter.titleText,
                                                 kind: shape.kind, typeName: shape.typeName, isOptional: shape.isOptional,
                                                 isList: shape.isList, hasDefault: parameter.hasDefault,
                                                 requestValueDialog: parameter.requestValueDialog?.text,
                                                 description: parameter.description?.key,
                                                 requestDisambiguationDialog: parameter.requestDisambiguationDialog?.text,
                                                 minimum: parameter.range?.minimum, maximum: parameter.range?.maximum))
            addValueType(shape.item)
        }
        let summary: String?
        do {
            summary = try Self.summaryTemplate(of: intentType, on: intent)
        } catch {
            throw ExtensionFailure(.badRequest, ResultPayload.message(of: error))
        }
        let returnShape = Self.returnShape(of: intentType)
        if let returnShape { addValueType(returnShape.item) }
        metadata.intents.append(AppIntentSchema(
            name: String(describing: intentType), typeName: typeName, title: intentType.title.key,
            description: intentType.description?.descriptionText.key,
            authenticationPolicy: AppIntentAuthenticationPolicy(rawValue: intentType.authenticationPolicy.rawValue) ?? .alwaysAllowed,
            openAppWhenRun: intentType.openAppWhenRun, parameters: parameters, isDiscoverable: intentType.isDiscoverable,
            parameterSummary: summary, returnType: returnShape.map(Self.schema(of:)),
            unavailableReason: unavailable.first,
            customIntentClassName: (intentType as? any CustomIntentMigratedAppIntent.Type)?.intentClassName))
    }

    /// The provider's shortcuts, in order, with their intents.
    mutating func addShortcuts(of provider: any AppShortcutsProvider.Type) throws {
        for shortcut in provider.appShortcuts {
            let intentType = type(of: shortcut.intent)
            let typeName = _typeName(intentType, qualified: true)
            try add(intentType, typeName: typeName)
            let phrases: [String]
            do {
                phrases = try shortcut.renderPhrases()
            } catch {
                throw ExtensionFailure(.badRequest, ResultPayload.message(of: error))
            }
            metadata.shortcuts.append(AppShortcutSchema(intent: typeName, phrases: phrases, shortTitle: shortcut.shortTitle?.key,
                                                        systemImageName: shortcut.systemImageName))
        }
    }

    /// The template of the intent's `parameterSummary`; nil when it declares none.
    private static func summaryTemplate<Intent: AppIntent>(of intentType: Intent.Type, on intent: any AppIntent) throws -> String? {
        try (Intent.parameterSummary as? any ParameterSummaryTemplate)?.template(on: intent)
    }

    /// The shape of the value `perform()` returns (`ReturnsValue<T>`); nil for none.
    private static func returnShape<Intent: AppIntent>(of intentType: Intent.Type) -> ValueShape? {
        let valueType = Intent.PerformResult.Value.self
        guard valueType != Never.self else { return nil }
        return ValueShape.of(valueType)
    }

    private static func schema(of shape: ValueShape) -> AppValueTypeSchema {
        AppValueTypeSchema(kind: shape.kind, typeName: shape.typeName, isOptional: shape.isOptional, isList: shape.isList)
    }

    private mutating func addValueType(_ item: Any.Type) {
        let typeName = _typeName(item, qualified: true)
        if let entityType = item as? any AppEntity.Type, metadata.entity(typeName: typeName) == nil {
            let index = metadata.entities.count
            metadata.entities.append(AppEntitySchema(typeName: typeName, displayName: ""))
            let properties = EntityPropertyReflection.properties(of: entityType)
            for property in properties {
                if let shape = ValueShape.of(property.valueType), shape.item != item { addValueType(shape.item) }
            }
            metadata.entities[index] = Self.schema(of: entityType, typeName: typeName, properties: properties)
            entityTypes.append((typeName, entityType))
        } else if let enumType = item as? any AppEnum.Type, metadata.enumeration(typeName: typeName) == nil {
            metadata.enums.append(Self.schema(of: enumType, typeName: typeName))
        }
    }

    /// Gives each entity property the title its `@Property` declares, read from an entity the
    /// type's query suggests (or the one entity of a unique or transient type); a property of an
    /// entity type whose query gives none keeps its name as its title.
    private mutating func titleEntityProperties() async {
        for (typeName, entityType) in entityTypes {
            guard let sample = await EntityPropertyReflection.sample(of: entityType),
                  let index = metadata.entities.firstIndex(where: { $0.typeName == typeName }) else { continue }
            let titles = Dictionary(EntityPropertyReflection.titles(of: sample)) { first, _ in first }
            for position in metadata.entities[index].properties.indices {
                let name = metadata.entities[index].properties[position].name
                if let title = titles[name], !title.isEmpty { metadata.entities[index].properties[position].title = title }
            }
        }
    }

    private static func schema<Entity: AppEntity>(of entityType: Entity.Type, typeName: String,
                                                  properties: [EntityPropertyReflection.Field]) -> AppEntitySchema {
        let isTransient = entityType is any TransientAppEntity.Type
        let query: Entity.DefaultQuery? = isTransient ? nil : Entity.defaultQuery
        let described = properties.compactMap { property -> AppEntityPropertySchema? in
            guard let shape = ValueShape.of(property.valueType) else { return nil }
            return AppEntityPropertySchema(name: property.name, title: property.name, type: Self.schema(of: shape))
        }
        return AppEntitySchema(typeName: typeName, displayName: Entity.typeDisplayRepresentation.name.key,
                               matchesStrings: query is any EntityStringQuery, isEnumerable: query is any EnumerableEntityQuery,
                               properties: described, isTransient: isTransient)
    }

    private static func schema<Enum: AppEnum>(of enumType: Enum.Type, typeName: String) -> AppEnumSchema {
        let cases = Enum.allCases.map { member in
            AppEnumCase(identifier: member.rawValue.description,
                        title: Enum.caseDisplayRepresentations[member]?.title.key ?? member.rawValue.description)
        }
        return AppEnumSchema(typeName: typeName, displayName: Enum.typeDisplayRepresentation.name.key, cases: cases)
    }
}
