/// Text the system shows or speaks: a title, a dialog, a phrase.
///
/// Linux addition: there are no string tables here, so the key is the text itself. Literals and
/// interpolations make one; interpolating an `AppEntity` writes its display title, an `AppEnum`
/// case its display title, and another resource its text.
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text, which stands for its key.
    public var key: String

    /// A resource whose key, and so whose text, is `key`; no string table is looked up.
    public init(_ key: String) {
        self.key = key
    }

    /// A resource looked up by `key` in a strings table on Apple's systems, with `defaultValue`
    /// as its text when the table has none: `.init("intent.title", defaultValue: "Charge")`.
    ///
    /// Linux form: no tables are read, so the text is always `defaultValue`; `key`, `table`,
    /// `locale`, `bundle` and `comment` are not kept.
    public init(_ key: StaticString, defaultValue: LocalizedStringResource, table: StaticString? = nil, locale: Locale = .current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.key = defaultValue.key
    }

    /// Where a resource's strings table is, on Apple's systems; unused here.
    public enum BundleDescription: Sendable {
        /// The app's main bundle.
        case main
        /// The bundle at a URL.
        case atURL(URL)
    }

    /// A resource from a literal, `"Start Meditation"`.
    public init(stringLiteral value: String) {
        self.key = value
    }

    /// A resource from an interpolated literal, with entities and enum cases written by their
    /// display titles.
    public init(stringInterpolation: StringInterpolation) {
        self.key = stringInterpolation.text
    }

    /// The text, so that `"\(resource)"` and `print(resource)` show it.
    public var description: String { key }

    /// The text as shown to the user.
    var text: String { key }

    /// Builds the text of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        /// Called by Swift for each interpolated literal; reserves room for the text.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// Adds the literal text between interpolations, as written.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Adds any other value as `String(describing:)` writes it; numbers are not localized.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            text += String(describing: value)
        }

        /// Adds another resource's text.
        public mutating func appendInterpolation(_ resource: LocalizedStringResource) {
            text += resource.key
        }

        /// What a count stands for in a format such as `TypeDisplayRepresentation`'s
        /// `numericFormat`: `"\(placeholder: .int) sessions"`, written as `%lld sessions`.
        ///
        /// Linux form: Foundation's `String.LocalizationValue.Placeholder` on Apple's systems.
        public enum Placeholder: Hashable, Sendable {
            case int, uint, float, double, object

            var format: String {
                switch self {
                case .int: "%lld"
                case .uint: "%llu"
                case .float: "%f"
                case .double: "%lf"
                case .object: "%@"
                }
            }
        }

        /// Adds a placeholder for a value given later, written as its format (`%lld`).
        public mutating func appendInterpolation(placeholder: Placeholder) {
            text += placeholder.format
        }

        /// Writes the entity's display title.
        public mutating func appendInterpolation<Entity: AppEntity>(_ entity: Entity) {
            text += entity.displayRepresentation.title.key
        }

        /// Writes the case's display title.
        public mutating func appendInterpolation<Enum: AppEnum>(_ value: Enum) {
            text += Enum.caseDisplayRepresentations[value]?.title.key ?? String(describing: value.rawValue)
        }
    }
}
