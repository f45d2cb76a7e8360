/// The shape of an intent as the host needs it: its parameters, in the order they are resolved.
///
/// The SDK inside the extension derives it from the intent class; the host uses it to turn
/// command-line text into typed values and to word its prompts.
public struct IntentSchema: Codable, Hashable, Sendable {
    public var name: String
    public var parameters: [ParameterSchema]
    /// The intent's title from its definition ("Order Coffee"), for prompts.
    public var title: String?
    /// Whether the definition asks the system to confirm with the user before `handle`.
    public var userConfirmationRequired: Bool

    public init(name: String, parameters: [ParameterSchema], title: String? = nil, userConfirmationRequired: Bool = false) {
        self.name = name
        self.parameters = parameters
        self.title = title
        self.userConfirmationRequired = userConfirmationRequired
    }

    private enum CodingKeys: String, CodingKey { case name, parameters, title, userConfirmationRequired }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  parameters: try container.decode([ParameterSchema].self, forKey: .parameters),
                  title: try container.decodeIfPresent(String.self, forKey: .title),
                  userConfirmationRequired: try container.decodeIfPresent(Bool.self, forKey: .userConfirmationRequired) ?? false)
    }

    /// The parameter called `name`, if the intent has one.
    public func parameter(named name: String) -> ParameterSchema? {
        parameters.first { $0.name == name }
    }
}

/// One parameter of an intent: its name, its value type and whether it holds a list.
public struct ParameterSchema: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    public var type: ValueType
    public var isList: Bool
    /// The cases of an enumeration parameter, in declared order; empty otherwise.
    public var enumerationCases: [EnumerationValue]
    /// Whether the handler offers options for this parameter (`provide<Parameter>OptionsCollection`).
    public var providesOptions: Bool
    /// Whether a name a user types makes a value of it; false for structured objects such as a
    /// date range or a reminder's trigger, which the host then refuses as typed text.
    public var acceptsTypedName: Bool
    /// When the parameter applies, from its definition's parent parameter; nil: always. A
    /// parameter that does not apply is neither resolved nor asked for.
    public var relationship: ParameterRelationship?

    public init(name: String, title: String? = nil, type: ValueType, isList: Bool = false,
                enumerationCases: [EnumerationValue] = [], providesOptions: Bool = false, acceptsTypedName: Bool = true,
                relationship: ParameterRelationship? = nil) {
        self.acceptsTypedName = acceptsTypedName
        self.relationship = relationship
        self.name = name
        self.title = title ?? name
        self.type = type
        self.isList = isList
        self.enumerationCases = enumerationCases
        self.providesOptions = providesOptions
    }

    private enum CodingKeys: String, CodingKey { case name, title, type, isList, enumerationCases, providesOptions, acceptsTypedName, relationship }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), title: try container.decode(String.self, forKey: .title),
                  type: try container.decode(ValueType.self, forKey: .type), isList: try container.decode(Bool.self, forKey: .isList),
                  enumerationCases: try container.decode([EnumerationValue].self, forKey: .enumerationCases),
                  providesOptions: try container.decodeIfPresent(Bool.self, forKey: .providesOptions) ?? false,
                  acceptsTypedName: try container.decodeIfPresent(Bool.self, forKey: .acceptsTypedName) ?? true,
                  relationship: try container.decodeIfPresent(ParameterRelationship.self, forKey: .relationship))
    }
}

/// A parameter that applies only while another parameter of the intent, its parent, has a value
/// or one of some values: Xcode's "Parent Parameter" (`INIntentParameterRelationship`), such as a
/// delivery address asked for only when the order type is delivery.
public struct ParameterRelationship: Codable, Hashable, Sendable {
    /// The parent parameter's name.
    public var parent: String
    /// The parent's values under which the parameter applies, as `matches` compares them
    /// (an enumeration case's name, `true` or `false`, a number); empty: any value.
    public var values: [String]

    public init(parent: String, values: [String] = []) {
        self.parent = parent
        self.values = values
    }

    /// The most values a relationship lists; an extension that describes more is refused.
    public static let maximumValues = 64

    /// Whether the parameter applies when its parent holds `value` (nil: no value). Linear in
    /// the parent's elements: each is looked up among the values as the names it goes by.
    public func holds(forParentValue value: IntentValue?) -> Bool {
        guard let value else { return false }
        let elements = value.elements
        guard !elements.isEmpty else { return false }
        guard !values.isEmpty else { return true }
        let expected = Set(values)
        return elements.contains { element in Self.names(of: element).contains { expected.contains($0) } }
    }

    /// The names a parent value matches a relationship's value by: an enumeration case's name
    /// and number, a Boolean's `true`/`false` and `1`/`0`, a number, a text, or what it displays.
    private static func names(of value: IntentValue) -> [String] {
        switch value {
        case .enumeration(let item): return [item.name, String(item.rawValue)]
        case .boolean(let flag): return flag ? ["true", "1"] : ["false", "0"]
        case .integer(let number): return number == 0 ? ["0", "false"] : number == 1 ? ["1", "true"] : [String(number)]
        case .string(let text): return [text]
        case .list: return []
        default: return [value.displayString]
        }
    }
}

/// The kinds of value a parameter can hold.
public enum ValueType: String, Codable, Hashable, Sendable, CaseIterable {
    case string, integer, double, boolean, person, object, enumeration, dateComponents, url, placemark
}
