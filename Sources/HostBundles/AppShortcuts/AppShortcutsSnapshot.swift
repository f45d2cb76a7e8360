import ExtensionProtocol
import SystemStore

/// Every installed app's App Shortcuts, and the parameter values their phrases expand with.
public struct AppShortcutsSnapshot: Sendable {
    /// App by app, each app's in source order.
    public var shortcuts: [InstalledAppShortcut] = []
    /// Extension bundle identifier to the values its entity queries suggested, once its app
    /// called `updateAppShortcutParameters()`.
    public var parameterValues: [String: AppShortcutParameterValues] = [:]
    /// Metadata by extension bundle identifier.
    public var metadata: [String: AppIntentsMetadata] = [:]
    /// Extensions whose App Intents could not be had, each in one sentence.
    public var problems: [String] = []

    public init() {}

    /// This snapshot with the apps of `others` it does not have: their shortcuts, values and
    /// metadata (an app in both is taken from this one).
    public func adding(_ others: AppShortcutsSnapshot) -> AppShortcutsSnapshot {
        let apps = Set(shortcuts.map(\.app.bundleIdentifier))
        let extensions = Set(shortcuts.map(\.bundle.bundleIdentifier)).union(metadata.keys)
        var combined = self
        combined.shortcuts += others.shortcuts.filter { !apps.contains($0.app.bundleIdentifier) }
        combined.parameterValues.merge(others.parameterValues.filter { !extensions.contains($0.key) }) { mine, _ in mine }
        combined.metadata.merge(others.metadata.filter { !extensions.contains($0.key) }) { mine, _ in mine }
        return combined
    }

    /// At most this many App Shortcuts per app are used, as on Apple's systems.
    public static let maximumPerApp = 10

    /// The values a phrase's parameter can take: an entity's suggested entities, or every case
    /// of an enum; none for an entity before its app asked for its parameters to be updated.
    public func values(of parameter: AppParameterSchema, in bundle: ExtensionBundle) -> [IntentValue] {
        switch parameter.kind {
        case .entity:
            return parameterValues[bundle.bundleIdentifier]?.entities[parameter.typeName ?? ""] ?? []
        case .enumeration:
            return metadata[bundle.bundleIdentifier]?.enumeration(typeName: parameter.typeName ?? "")?.values ?? []
        default:
            return []
        }
    }

    /// The value a phrase caught, by the identifier the phrase index holds.
    public func value(identifier: String, of parameter: AppParameterSchema, in bundle: ExtensionBundle) -> IntentValue? {
        values(of: parameter, in: bundle).first { $0.slotIdentifier == identifier }
    }

    /// The App Shortcuts `metadata` declares whose intent it describes, in source order,
    /// numbered within their app from `position`, which is left after the last.
    package static func shortcuts(of metadata: AppIntentsMetadata, bundle: ExtensionBundle, app: AppBundle,
                          position: inout Int) -> [InstalledAppShortcut] {
        metadata.shortcuts.compactMap { shortcut in
            // An intent that is not discoverable, or cannot run here, gets no phrases.
            guard let intent = metadata.intent(typeName: shortcut.intent), intent.isDiscoverable, intent.unavailableReason == nil else { return nil }
            defer { position += 1 }
            return InstalledAppShortcut(app: app, bundle: bundle, intent: intent, shortcut: shortcut, position: position)
        }
    }

    /// Whether the phrase can be used: it says the app's name and names at most one parameter,
    /// an entity or an enum (`intents validate` reports the others).
    public static func isUsable(_ phrase: String, of intent: AppIntentSchema) -> Bool {
        let tokens = AppShortcutPhrase.tokens(phrase)
        let parameters = AppShortcutPhrase.parameters(phrase)
        guard tokens.filter({ $0 == .applicationName }).count == 1, parameters.count <= 1 else { return false }
        return parameters.allSatisfy { name in
            let kind = intent.parameter(named: name)?.kind
            return kind == .entity || kind == .enumeration
        }
    }
}

extension AppEnumSchema {
    /// The cases as wire values, in declaration order: the raw value as the name, the title
    /// as the display, the position as the raw number.
    package var values: [IntentValue] {
        cases.enumerated().map { .enumeration(EnumerationValue(rawValue: $0.offset, name: $0.element.identifier, display: $0.element.title)) }
    }
}

extension IntentValue {
    /// What identifies an entity or enum value in a phrase slot: its identifier or raw value.
    package var slotIdentifier: String? {
        switch self {
        case .object(let object): object.identifier
        case .enumeration(let value): value.name
        default: nil
        }
    }
}
