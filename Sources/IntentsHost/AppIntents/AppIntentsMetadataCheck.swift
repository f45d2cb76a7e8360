import ExtensionProtocol
import HostBundles

/// Checks the App Intents metadata an extension described before the host uses any of it: the
/// extension's answer is hostile input. Names must be Swift names and match the plist's
/// declaration, texts are bounded and printable, and every reference (a parameter's type, a
/// shortcut's intent, a phrase's parameter) must resolve.
enum AppIntentsMetadataCheck {
    static let maximumText = 500
    static let maximumParameters = 32
    static let maximumTypes = 128
    static let maximumCases = 256
    static let maximumShortcuts = 64
    static let maximumPhrases = 64

    /// - Throws: `HostError` (`.extensionFailed`), one sentence naming `library` and the value.
    static func check(_ metadata: AppIntentsMetadata, declared: AppIntentsDeclaration, library: String) throws {
        func fail(_ problem: String) -> HostError {
            HostError(.extensionFailed, "The App Intents metadata of \(library) is not usable: \(problem).")
        }
        guard metadata.entities.count <= maximumTypes, metadata.enums.count <= maximumTypes else {
            throw fail("it describes more than \(maximumTypes) entity or enum types")
        }
        guard metadata.shortcuts.count <= maximumShortcuts else { throw fail("it describes \(metadata.shortcuts.count) App Shortcuts") }
        guard declared.shortcutsProvider != nil || metadata.shortcuts.isEmpty else {
            throw fail("it describes App Shortcuts, but the plist names no AppShortcutsProvider")
        }
        for entity in metadata.entities {
            try typeName(entity.typeName, fail)
            try text(entity.displayName, "the name of \(entity.typeName)", fail)
            guard entity.properties.count <= maximumParameters else { throw fail("\(entity.typeName) has \(entity.properties.count) properties") }
            for property in entity.properties {
                guard BundleName.isValid(property.name, as: .typeName) else {
                    throw fail("\(entity.typeName) has a property named \(property.name.quotedForDisplay)")
                }
                try text(property.title, "the title of \(entity.typeName).\(property.name)", fail)
                try valueType(property.type, "\(entity.typeName).\(property.name)", metadata, fail)
            }
        }
        for enumeration in metadata.enums {
            try typeName(enumeration.typeName, fail)
            try text(enumeration.displayName, "the name of \(enumeration.typeName)", fail)
            guard !enumeration.cases.isEmpty, enumeration.cases.count <= maximumCases else {
                throw fail("\(enumeration.typeName) has \(enumeration.cases.count) cases")
            }
            for item in enumeration.cases {
                try text(item.identifier, "a case of \(enumeration.typeName)", fail)
                try text(item.title, "a case title of \(enumeration.typeName)", fail)
            }
        }
        let described = Set(metadata.intents.map(\.typeName))
        if let missing = declared.typeNames.first(where: { !described.contains($0) }) {
            throw fail("AppIntents lists \(missing.quotedForDisplay), which it does not describe")
        }
        for intent in metadata.intents {
            guard declared.typeNames.contains(intent.typeName) else {
                throw fail("it describes \(intent.typeName.quotedForDisplay), which the plist's AppIntents does not list")
            }
            guard intent.name == AppIntentsDeclaration.shortName(intent.typeName) else {
                throw fail("the intent \(intent.typeName.quotedForDisplay) is called \(intent.name.quotedForDisplay)")
            }
            try text(intent.title, "the title of \(intent.name)", fail)
            if let description = intent.description { try text(description, "the description of \(intent.name)", fail) }
            if let summary = intent.parameterSummary {
                try text(summary, "the parameter summary of \(intent.name)", fail)
                for token in AppShortcutPhrase.tokens(summary) {
                    if case .parameter(let name) = token, intent.parameter(named: name) == nil {
                        throw fail("the parameter summary of \(intent.name) shows \(name.quotedForDisplay), which is not one of its parameters")
                    }
                }
            }
            if let reason = intent.unavailableReason { try text(reason, "why \(intent.name) cannot run", fail) }
            if let name = intent.customIntentClassName {
                guard BundleName.isValid(name, as: .typeName) else { throw fail("\(intent.name) replaces the custom intent \(name.quotedForDisplay), which is not a class name") }
            }
            if let returned = intent.returnType { try valueType(returned, "the value \(intent.name) returns", metadata, fail) }
            guard intent.parameters.count <= maximumParameters else { throw fail("\(intent.name) has \(intent.parameters.count) parameters") }
            var names = Set<String>()
            for parameter in intent.parameters {
                guard BundleName.isValid(parameter.name, as: .typeName), names.insert(parameter.name).inserted else {
                    throw fail("\(intent.name) has a parameter named \(parameter.name.quotedForDisplay)")
                }
                try text(parameter.title, "the title of \(intent.name).\(parameter.name)", fail)
                if let dialog = parameter.requestValueDialog { try text(dialog, "a dialog of \(intent.name).\(parameter.name)", fail) }
                if let dialog = parameter.requestDisambiguationDialog { try text(dialog, "a dialog of \(intent.name).\(parameter.name)", fail) }
                if let description = parameter.description { try text(description, "the description of \(intent.name).\(parameter.name)", fail) }
                for bound in [parameter.minimum, parameter.maximum].compactMap({ $0 }) where !bound.isFinite {
                    throw fail("\(intent.name).\(parameter.name) has a range bound that is not a number")
                }
                // An intent that cannot run is listed, never run: its parameters' types need not be described.
                switch intent.unavailableReason == nil ? parameter.kind : .string {
                case .entity:
                    guard let type = parameter.typeName, metadata.entity(typeName: type) != nil else {
                        throw fail("\(intent.name).\(parameter.name) is an entity of a type it does not describe")
                    }
                case .enumeration:
                    guard let type = parameter.typeName, metadata.enumeration(typeName: type) != nil else {
                        throw fail("\(intent.name).\(parameter.name) is an enum of a type it does not describe")
                    }
                default:
                    break
                }
            }
        }
        for shortcut in metadata.shortcuts {
            guard let intent = metadata.intent(typeName: shortcut.intent) else {
                throw fail("an App Shortcut runs \(shortcut.intent.quotedForDisplay), which the plist's AppIntents does not list")
            }
            guard !shortcut.phrases.isEmpty, shortcut.phrases.count <= maximumPhrases else {
                throw fail("an App Shortcut of \(intent.name) has \(shortcut.phrases.count) phrases")
            }
            for phrase in shortcut.phrases {
                try text(phrase, "a phrase of \(intent.name)", fail)
                for token in AppShortcutPhrase.tokens(phrase) {
                    if case .parameter(let name) = token, intent.parameter(named: name) == nil {
                        throw fail("the phrase \(phrase.quotedForDisplay) names \(name.quotedForDisplay), which is not a parameter of \(intent.name)")
                    }
                }
            }
            if let title = shortcut.shortTitle { try text(title, "the short title of an App Shortcut", fail) }
            if let image = shortcut.systemImageName { try text(image, "a system image name", fail) }
        }
    }

    /// A value type whose entity or enum type the metadata describes.
    private static func valueType(_ type: AppValueTypeSchema, _ what: String, _ metadata: AppIntentsMetadata,
                                  _ fail: (String) -> HostError) throws {
        switch type.kind {
        case .entity:
            guard let name = type.typeName, metadata.entity(typeName: name) != nil else { throw fail("\(what) is an entity of a type it does not describe") }
        case .enumeration:
            guard let name = type.typeName, metadata.enumeration(typeName: name) != nil else { throw fail("\(what) is an enum of a type it does not describe") }
        default:
            break
        }
    }

    private static func typeName(_ name: String, _ fail: (String) -> HostError) throws {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 8, name.utf8.count <= 512,
              parts.allSatisfy({ BundleName.isValid(String($0), as: .typeName) }) else {
            throw fail("\(name.quotedForDisplay) is not a module-qualified type name")
        }
    }

    /// A non-empty text of at most `maximumText` characters (and four times as many bytes,
    /// so that one character of a thousand combining marks counts as what it weighs) with no
    /// control characters.
    static func text(_ value: String, _ what: String, _ fail: (String) -> HostError) throws {
        guard !value.isEmpty, value.utf8.count <= maximumText * 4, value.count <= maximumText,
              !value.unicodeScalars.contains(where: isHidden) else {
            throw fail("\(what) (\(String(value.prefix(60)).quotedForDisplay)) is empty, longer than \(maximumText) characters, or holds control or invisible characters")
        }
    }

    /// A control character, a line or paragraph separator, a character that reorders the text
    /// around it (bidirectional embeddings, overrides and isolates), or an invisible space: what
    /// would let a title read otherwise than it is, or two texts look alike. Joiners (emoji
    /// sequences) and the left-to-right and right-to-left marks stay.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200B, 0x2060, 0xFEFF: return true
        default: return false
        }
    }
}
