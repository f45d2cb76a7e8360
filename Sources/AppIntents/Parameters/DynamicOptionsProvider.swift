/// Lists the values a parameter may take, for `@Parameter(title:optionsProvider:)`:
///
///     struct FlavorOptions: DynamicOptionsProvider {
///         func results() async throws -> [String] { ["Vanilla", "Mint"] }
///     }
///
/// Linux form: the host asks for any value of the parameter's type and does not call the provider;
/// it is kept for code written for Apple's systems.
public protocol DynamicOptionsProvider: Sendable {
    /// The type of one option.
    associatedtype DefaultValue: _IntentValue
    /// What `results()` returns: an array of options, or an ``ItemCollection`` in sections.
    associatedtype Result: ResultsCollection = [DefaultValue] where Result.Element == DefaultValue

    /// The options.
    func results() async throws -> Result
    /// The option chosen when the user chooses none; nil by default.
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
}

/// What `DynamicOptionsProvider.results()` may return.
public protocol ResultsCollection {
    /// The type of one option.
    associatedtype Element
}

extension Array: ResultsCollection {}

/// Options in titled sections.
public struct ItemCollection<Element: Sendable>: ResultsCollection, Sendable {
    /// The sections, in order.
    public var sections: [ItemSection<Element>]

    /// A collection of sections.
    public init(sections: [ItemSection<Element>]) {
        self.sections = sections
    }

    /// A collection of one untitled section.
    public init(items: [IntentItem<Element>]) {
        self.sections = [ItemSection(items: items)]
    }
}

/// A titled group of options.
public struct ItemSection<Element: Sendable>: Sendable {
    public var title: LocalizedStringResource?
    public var items: [IntentItem<Element>]

    /// A section of options, titled or not.
    public init(_ title: LocalizedStringResource? = nil, items: [IntentItem<Element>]) {
        self.title = title
        self.items = items
    }
}

/// One option, with how it is shown.
public struct IntentItem<Element: Sendable>: Sendable {
    public var value: Element
    public var title: LocalizedStringResource?
    public var subtitle: LocalizedStringResource?

    /// An option shown by its title.
    public init(_ value: Element, title: LocalizedStringResource? = nil, subtitle: LocalizedStringResource? = nil) {
        self.value = value
        self.title = title
        self.subtitle = subtitle
    }
}
