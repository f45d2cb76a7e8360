/// Text the system shows or speaks: a title, a dialog, a phrase.
///
/// Linux addition: there are no string tables here, so the key is the text itself. Literals and
/// interpolations make one; interpolating an `AppEntity` writes its display title, an `AppEnum`
/// case its display title, and another resource its text.
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text, which stands for its key.
    public var key: String

    public init(_ key: String) {
        self.key = key
    }

    public init(stringLiteral value: String) {
        self.key = value
    }

    public init(stringInterpolation: StringInterpolation) {
        self.key = stringInterpolation.text
    }

    public var description: String { key }

    /// The text as shown to the user.
    var text: String { key }

    /// Builds the text of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            text += String(describing: value)
        }

        public mutating func appendInterpolation(_ resource: LocalizedStringResource) {
            text += resource.key
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
