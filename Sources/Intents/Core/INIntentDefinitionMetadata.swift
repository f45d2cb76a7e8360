import ExtensionProtocol

/// What an `.intentdefinition` file says about a custom intent beyond its parameters: the
/// titles, description and suggested phrase Shortcuts shows, and whether the system asks the
/// user to confirm before `handle`. Linux addition: Xcode keeps these in the compiled
/// definition file; the code generator writes them into the intent class.
public struct INIntentDefinitionMetadata: Hashable, Sendable {
    /// The intent's title in the definition file ("Order Pizza"); the host shows it as the intent's
    /// name, as Shortcuts lists the action by it.
    public var title: String?
    /// The definition file's one-sentence description of what the intent does.
    public var description: String?
    /// `generic`, `information`, `order`, `create`, `share`...
    public var category: String?
    /// The verb the definition gives the intent's category ("Order", "Buy"); carried for code that
    /// reads it, unused by the host.
    public var verb: String?
    /// The name of the parameter that best sums up a donation of the intent; carried for code that
    /// reads it, unused by the host.
    public var keyParameter: String?
    /// Whether the host asks the user "Go ahead with …?" before `handle`, as Xcode's "User
    /// confirmation required" check box makes Siri ask; a no ends the conversation unhandled.
    public var userConfirmationRequired: Bool
    /// The phrase the definition file suggests for a voice shortcut to the intent.
    public var suggestedInvocationPhrase: String?
    /// The title of each parameter combination ("Order ${quantity} ${kind}"), by combination ("kind,quantity").
    public var parameterCombinationTitles: [String: String]
    /// The parameters that apply only while another has a value, by parameter: Xcode's "Parent
    /// Parameter" (a delivery address only for delivery orders). The host neither resolves nor
    /// asks for a parameter whose parent's condition fails, as Siri does not ask for it.
    public var parameterRelationships: [String: ParameterRelationship]

    /// Called by generated code; write it by hand only for an intent class you do not generate.
    public init(title: String?, description: String?, category: String?, verb: String?, keyParameter: String?,
                userConfirmationRequired: Bool, suggestedInvocationPhrase: String?, parameterCombinationTitles: [String: String],
                parameterRelationships: [String: ParameterRelationship] = [:]) {
        self.parameterRelationships = parameterRelationships
        self.title = title
        self.description = description
        self.category = category
        self.verb = verb
        self.keyParameter = keyParameter
        self.userConfirmationRequired = userConfirmationRequired
        self.suggestedInvocationPhrase = suggestedInvocationPhrase
        self.parameterCombinationTitles = parameterCombinationTitles
    }
}
