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

    public init(name: String, title: String? = nil, type: ValueType, isList: Bool = false,
                enumerationCases: [EnumerationValue] = [], providesOptions: Bool = false, acceptsTypedName: Bool = true) {
        self.acceptsTypedName = acceptsTypedName
        self.name = name
        self.title = title ?? name
        self.type = type
        self.isList = isList
        self.enumerationCases = enumerationCases
        self.providesOptions = providesOptions
    }

    private enum CodingKeys: String, CodingKey { case name, title, type, isList, enumerationCases, providesOptions, acceptsTypedName }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), title: try container.decode(String.self, forKey: .title),
                  type: try container.decode(ValueType.self, forKey: .type), isList: try container.decode(Bool.self, forKey: .isList),
                  enumerationCases: try container.decode([EnumerationValue].self, forKey: .enumerationCases),
                  providesOptions: try container.decodeIfPresent(Bool.self, forKey: .providesOptions) ?? false,
                  acceptsTypedName: try container.decodeIfPresent(Bool.self, forKey: .acceptsTypedName) ?? true)
    }
}

/// The kinds of value a parameter can hold.
public enum ValueType: String, Codable, Hashable, Sendable, CaseIterable {
    case string, integer, double, boolean, person, object, enumeration, dateComponents, url, placemark
}
