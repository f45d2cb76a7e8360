/// What an app intent does, in a sentence, with where the Shortcuts editor files it.
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var descriptionText: LocalizedStringResource
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource]
    /// What the value the intent returns is called.
    public var resultValueName: LocalizedStringResource?

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = []) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
    }

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource?) {
        self.init(descriptionText, categoryName: categoryName, searchKeywords: searchKeywords)
        self.resultValueName = resultValueName
    }

    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}
