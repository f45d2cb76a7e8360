/// What an app intent does, in a sentence, with where the Shortcuts editor files it.
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The sentence itself, sent to the host with the intent's metadata: at most 500 characters
    /// with no control characters, or the host refuses the extension's App Intents.
    public var descriptionText: LocalizedStringResource
    /// The Shortcuts editor's category to file the intent under; kept, not used by the host.
    public var categoryName: LocalizedStringResource?
    /// Words that find the intent in the Shortcuts editor's search; kept, not used by the host.
    public var searchKeywords: [LocalizedStringResource]
    /// What the value the intent returns is called.
    public var resultValueName: LocalizedStringResource?

    /// A description with no result value name.
    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = []) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
    }

    /// A description that also names the value the intent returns.
    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource?) {
        self.init(descriptionText, categoryName: categoryName, searchKeywords: searchKeywords)
        self.resultValueName = resultValueName
    }

    /// The sentence alone, from a literal.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    /// The sentence alone, from an interpolated literal.
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}
