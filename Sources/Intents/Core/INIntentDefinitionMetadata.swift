/// What an `.intentdefinition` file says about a custom intent beyond its parameters: the
/// titles, description and suggested phrase Shortcuts shows, and whether the system asks the
/// user to confirm before `handle`. Linux addition: Xcode keeps these in the compiled
/// definition file; the code generator writes them into the intent class.
public struct INIntentDefinitionMetadata: Hashable, Sendable {
    public var title: String?
    public var description: String?
    /// `generic`, `information`, `order`, `create`, `share`...
    public var category: String?
    public var verb: String?
    public var keyParameter: String?
    public var userConfirmationRequired: Bool
    public var suggestedInvocationPhrase: String?
    /// The title of each parameter combination ("Order ${quantity} ${kind}"), by combination ("kind,quantity").
    public var parameterCombinationTitles: [String: String]

    public init(title: String?, description: String?, category: String?, verb: String?, keyParameter: String?,
                userConfirmationRequired: Bool, suggestedInvocationPhrase: String?, parameterCombinationTitles: [String: String]) {
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
