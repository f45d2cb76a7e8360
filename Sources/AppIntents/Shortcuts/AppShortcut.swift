/// An intent the user can run by a phrase with no setup: from Siri, Spotlight, the Shortcuts app.
public struct AppShortcut: Sendable {
    /// The intent the shortcut runs, with its parameters as set here.
    public let intent: any AppIntent
    /// The shortcut's name in the Shortcuts app; nil when made without one. At most 500
    /// characters with no control characters, or the host refuses the extension's App Intents.
    public let shortTitle: LocalizedStringResource?
    /// The name of the SF Symbol shown with the shortcut on Apple's systems; carried, not drawn, here.
    public let systemImageName: String?
    /// The phrases as the system stores them: `${applicationName}` and `${parameter}` in place
    /// of the app's name and the parameter.
    let renderPhrases: @Sendable () throws -> [String]

    /// A shortcut titled by its intent.
    /// - Parameters:
    ///   - intent: the intent to run, with any parameter values set here; a parameter named
    ///     in a phrase takes the value the user says.
    ///   - phrases: the first is the primary phrase.
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>]) {
        self.init(intent: intent, phrases: phrases, title: nil, systemImageName: nil)
    }

    /// A shortcut with its own title and symbol.
    /// - Parameters:
    ///   - intent: the intent to run, with any parameter values set here; a parameter named
    ///     in a phrase takes the value the user says.
    ///   - phrases: the first is the primary phrase.
    ///   - shortTitle: the shortcut's name in the Shortcuts app.
    ///   - systemImageName: the symbol shown with it.
    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource,
                                   systemImageName: String) {
        self.init(intent: intent, phrases: phrases, title: shortTitle, systemImageName: systemImageName)
    }

    private init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], title: LocalizedStringResource?,
                                    systemImageName: String?) {
        self.intent = intent
        self.shortTitle = title
        self.systemImageName = systemImageName
        self.renderPhrases = { try phrases.map { try $0.render(on: intent) } }
    }
}

extension AppShortcutPhrase {
    /// The phrase's text with `${applicationName}` and `${parameter}` tokens.
    /// - Throws: `RequestFailure` when a key path reaches no `@Parameter` of the intent.
    func render(on intent: Intent) throws -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let literal):
                text += literal
            case .applicationName:
                text += "${applicationName}"
            case .parameter(let reach):
                let parameter = reach(intent)
                guard let name = ParameterReflection.parameters(of: intent).first(where: { $0.parameter === parameter })?.name else {
                    throw RequestFailure("A phrase of an App Shortcut of \(Intent.self) names a parameter that is not one of its @Parameter properties.")
                }
                text += "${\(name)}"
            }
        }
        return text
    }
}
