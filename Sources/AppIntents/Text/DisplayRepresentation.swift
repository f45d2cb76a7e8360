/// How one value (an entity, an enum case) is shown: a title, and optionally a subtitle and an image.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// An image beside the title: a symbol's name or the URL of a file.
    public struct Image: Hashable, Sendable {
        public var systemName: String?
        public var url: URL?

        public init(systemName: String) {
            self.systemName = systemName
        }

        public init(url: URL) {
            self.url = url
        }
    }

    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?
    /// Other names people may use for the value.
    public var synonyms: [LocalizedStringResource]

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.init(title: title, subtitle: subtitle, image: image, synonyms: [])
    }

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
                synonyms: [LocalizedStringResource]) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) {
        self.init(title: LocalizedStringResource(value))
    }

    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(title: LocalizedStringResource(stringInterpolation: stringInterpolation))
    }
}

/// How a type is named to the user: "Meditation Session".
public struct TypeDisplayRepresentation: Hashable, Sendable, ExpressibleByStringLiteral {
    public var name: LocalizedStringResource
    /// How a count of values reads, such as "\(placeholder: .int) sessions"; unused on Linux.
    public var numericFormat: LocalizedStringResource?
    public var synonyms: [LocalizedStringResource]

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.init(name: name, numericFormat: numericFormat, synonyms: [])
    }

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil, synonyms: [LocalizedStringResource]) {
        self.name = name
        self.numericFormat = numericFormat
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) {
        self.init(name: LocalizedStringResource(value))
    }
}
