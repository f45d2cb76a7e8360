/// The content of an Xcode `.intentdefinition` file that code generation needs.
///
/// Xcode writes the file as a property list; `IntentDefinitionReader` documents the keys read.
public struct IntentDefinition: Hashable, Sendable {
    public var intents: [Intent]
    public var enums: [Enumeration]
    public var types: [CustomType]

    /// A custom intent: the class `<name>Intent` and everything generated around it.
    public struct Intent: Hashable, Sendable {
        public var name: String
        public var title: String?
        public var description: String?
        public var category: String?
        public var verb: String?
        public var keyParameter: String?
        public var userConfirmationRequired: Bool
        public var suggestedInvocationPhrase: String?
        /// Titles of the parameter combinations ("Order ${quantity} ${kind}"), by combination ("kind,quantity").
        public var parameterCombinationTitles: [String: String]
        public var parameters: [Parameter]
        public var responseCodes: [ResponseCode]
        public var responseParameters: [Property]
    }

    /// A value slot: an intent parameter, a response parameter or a custom type's property.
    public struct Property: Hashable, Sendable {
        public var name: String
        public var displayName: String?
        /// `String`, `Integer`, `Decimal`, `Boolean`, `DateComponents`, `Person`, `Object`, `URL`,
        /// `Placemark`, `SpeakableString`... as Xcode writes it.
        public var type: String
        /// The custom enum an `Integer` holds, when it holds one.
        public var enumType: String?
        /// The custom type an `Object` holds, when it is not a plain `INObject`.
        public var objectType: String?
        public var isList: Bool
    }

    /// An intent parameter: a property with resolution details.
    public struct Parameter: Hashable, Sendable {
        public var property: Property
        public var supportsResolution: Bool
        public var supportsDynamicOptions: Bool
        /// Whether the options come with the user's search term (Xcode's "Allow search"), so that
        /// `provide<Name>OptionsCollection` takes a `searchTerm:`.
        public var supportsSearch = false
        /// Custom reasons for `unsupported(forReason:)`, numbered from 1 in this order.
        public var unsupportedReasons: [UnsupportedReason]
        /// When the parameter applies: only while its parent parameter has a value, or one value.
        public var relationship: Relationship?
        /// The smallest and largest values a number parameter takes (`INIntentParameterMetadata`).
        public var minimum: Double?
        public var maximum: Double?
        public var name: String { property.name }

        public init(property: Property, supportsResolution: Bool, supportsDynamicOptions: Bool, supportsSearch: Bool = false,
                    unsupportedReasons: [UnsupportedReason], relationship: Relationship? = nil, minimum: Double? = nil, maximum: Double? = nil) {
            self.property = property
            self.supportsResolution = supportsResolution
            self.supportsDynamicOptions = supportsDynamicOptions
            self.supportsSearch = supportsSearch
            self.unsupportedReasons = unsupportedReasons
            self.relationship = relationship
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// A parameter's parent (`INIntentParameterRelationship`): the parameter applies, is resolved
    /// and is asked for only while the parent has any value (`HasAnyValue`) or one of `values`
    /// (`EnumHasExactValue` with a case name, `BooleanHasExactValue` with `true` or `false`).
    public struct Relationship: Hashable, Sendable {
        public var parent: String
        /// The parent's values under which the parameter applies; empty for any value.
        public var values: [String]
    }

    public struct UnsupportedReason: Hashable, Sendable {
        public var code: String
        public var formatString: String?
    }

    /// A custom response code; `success` and `failure` come from the file too, the other
    /// standard codes are implied.
    public struct ResponseCode: Hashable, Sendable {
        public var name: String
        public var isSuccess: Bool
        public var formatString: String?
        public var conciseFormatString: String?
    }

    public struct Enumeration: Hashable, Sendable {
        public var name: String
        public var displayName: String?
        public var values: [Value]

        public struct Value: Hashable, Sendable {
            public var name: String
            public var displayName: String?
            public var index: Int
        }
    }

    /// A custom type: an `INObject` subclass with its own properties.
    public struct CustomType: Hashable, Sendable {
        public var name: String
        public var displayName: String?
        /// The properties beyond the ones `INObject` has (identifier, displayString...).
        public var properties: [Property]
    }
}
