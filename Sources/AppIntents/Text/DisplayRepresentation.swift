/// How one value (an entity, an enum case) is shown: a title, and optionally a subtitle and an image.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// An image beside the title: a symbol's name or the URL of a file.
    public struct Image: Hashable, Sendable {
        /// The SF Symbol's name, for an image made with `init(systemName:)`; nil otherwise.
        public var systemName: String?
        /// The image file's URL, for an image made with `init(url:)`; nil otherwise.
        public var url: URL?

        /// An SF Symbol, by name; carried for code written for Apple's systems, never drawn here.
        public init(systemName: String) {
            self.systemName = systemName
        }

        /// An image file; carried for code written for Apple's systems, never loaded here.
        public init(url: URL) {
            self.url = url
        }
    }

    /// The name of the value, as the user reads and says it: what the host lists in choices and
    /// what a query without string matching matches typed names against.
    public var title: LocalizedStringResource
    /// A second line under the title on Apple's systems; kept, not shown by the host.
    public var subtitle: LocalizedStringResource?
    /// An image beside the title on Apple's systems; kept, not shown by the host.
    public var image: Image?
    /// Other names people may use for the value.
    public var synonyms: [LocalizedStringResource]

    /// A representation with no synonyms.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.init(title: title, subtitle: subtitle, image: image, synonyms: [])
    }

    /// A representation with other names people may use for the value.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
                synonyms: [LocalizedStringResource]) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    /// A title alone, from a literal: `"Walking"`.
    public init(stringLiteral value: String) {
        self.init(title: LocalizedStringResource(value))
    }

    /// A title alone, from an interpolated literal: `"\(minutes) minutes"`.
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(title: LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// How a type is named to the user: "Meditation Session".
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The type's name, singular ("Meditation Session"), which the host uses when nothing matches
    /// what the user typed: `No Meditation Session matches "yoga".`
    public var name: LocalizedStringResource
    /// How a count of values reads, such as "\(placeholder: .int) sessions"; unused on Linux.
    public var numericFormat: LocalizedStringResource?
    /// Other names for the type; kept, not used by the host.
    public var synonyms: [LocalizedStringResource]

    /// A type name with no synonyms.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.init(name: name, numericFormat: numericFormat, synonyms: [])
    }

    /// A type name with other names for it.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil, synonyms: [LocalizedStringResource]) {
        self.name = name
        self.numericFormat = numericFormat
        self.synonyms = synonyms
    }

    /// A type name alone, from a literal: `"Meditation Session"`.
    public init(stringLiteral value: String) {
        self.init(name: LocalizedStringResource(value))
    }
}
