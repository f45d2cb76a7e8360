import ExtensionProtocol

/// Describes intents and App Shortcuts for the host: `describeAppIntents`.
struct MetadataBuilder {
    private(set) var metadata = AppIntentsMetadata()
    private var described: Set<ObjectIdentifier> = []

    /// The metadata of the intents named (module-qualified) and of the provider's shortcuts,
    /// whose intents are described too.
    /// - Throws: `ExtensionFailure` naming a type that is missing or of the wrong kind, or a
    ///   parameter App Intents cannot carry.
    static func describe(intents: [String], shortcutsProvider: String?) throws -> AppIntentsMetadata {
        var builder = MetadataBuilder()
        for name in intents {
            try builder.add(try TypeLookup.intent(named: name), typeName: name)
        }
        if let shortcutsProvider {
            try builder.addShortcuts(of: try TypeLookup.shortcutsProvider(named: shortcutsProvider))
        }
        return builder.metadata
    }

    mutating func add(_ intentType: any AppIntent.Type, typeName: String) throws {
        guard described.insert(ObjectIdentifier(intentType)).inserted else { return }
        let intent = intentType.init()
        var parameters: [AppParameterSchema] = []
        for (name, parameter) in ParameterReflection.parameters(of: intent) {
            guard let shape = ValueShape.of(parameter.valueType) else {
                throw ExtensionFailure(.badRequest, "The parameter \"\(name)\" of \(typeName) is a \(parameter.valueType), which App Intents cannot carry.")
            }
            parameters.append(AppParameterSchema(name: name, title: parameter.titleText.isEmpty ? name : parameter.titleText,
                                                 kind: shape.kind, typeName: shape.typeName, isOptional: shape.isOptional,
                                                 isList: shape.isList, hasDefault: parameter.hasDefault,
                                                 requestValueDialog: parameter.requestValueDialog?.text))
            addValueType(shape.item)
        }
        metadata.intents.append(AppIntentSchema(
            name: String(describing: intentType), typeName: typeName, title: intentType.title.key,
            description: intentType.description?.descriptionText.key,
            authenticationPolicy: AppIntentAuthenticationPolicy(rawValue: intentType.authenticationPolicy.rawValue) ?? .alwaysAllowed,
            openAppWhenRun: intentType.openAppWhenRun, parameters: parameters))
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

    private mutating func addValueType(_ item: Any.Type) {
        let typeName = _typeName(item, qualified: true)
        if let entityType = item as? any AppEntity.Type, metadata.entity(typeName: typeName) == nil {
            metadata.entities.append(Self.schema(of: entityType, typeName: typeName))
        } else if let enumType = item as? any AppEnum.Type, metadata.enumeration(typeName: typeName) == nil {
            metadata.enums.append(Self.schema(of: enumType, typeName: typeName))
        }
    }

    private static func schema<Entity: AppEntity>(of entityType: Entity.Type, typeName: String) -> AppEntitySchema {
        let query = Entity.defaultQuery
        return AppEntitySchema(typeName: typeName, displayName: Entity.typeDisplayRepresentation.name.key,
                               matchesStrings: query is any EntityStringQuery, isEnumerable: query is any EnumerableEntityQuery)
    }

    private static func schema<Enum: AppEnum>(of enumType: Enum.Type, typeName: String) -> AppEnumSchema {
        let cases = Enum.allCases.map { member in
            AppEnumCase(identifier: member.rawValue.description,
                        title: Enum.caseDisplayRepresentations[member]?.title.key ?? member.rawValue.description)
        }
        return AppEnumSchema(typeName: typeName, displayName: Enum.typeDisplayRepresentation.name.key, cases: cases)
    }
}
