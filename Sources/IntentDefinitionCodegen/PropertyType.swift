/// How a property of a definition becomes Swift: its type, its `@IntentParameter` arguments and
/// the resolution result of its kind.
struct PropertyType {
    /// The element type: `NSNumber`, `String`, `Pizza`, `PizzaSize`...
    var element: String
    /// The `valueType:` argument `NSNumber` needs (`.integer`, `.double`, `.boolean`).
    var valueType: String?
    /// The resolution result class of the kind, before per-parameter subclasses.
    var resolutionResult: String
    /// A custom enum: the property is non-optional, as Xcode makes it.
    var isEnumeration: Bool
    /// The element type of `INObjectCollection` for dynamic options.
    var optionElement: String

    /// Maps `property`, or fails naming the file, the owner and the type.
    init(_ property: IntentDefinition.Property, in definition: IntentDefinition, file: String, owner: String) throws {
        func unknown(_ what: String, _ name: String) -> IntentDefinitionError {
            IntentDefinitionError("\(file): \(owner).\(property.name) uses the \(what) \(name), which the file does not define.")
        }
        if let enumType = property.enumType {
            guard definition.enums.contains(where: { $0.name == enumType }) else { throw unknown("enum", enumType) }
            self.init(element: enumType, valueType: nil, resolutionResult: "\(enumType)ResolutionResult", isEnumeration: true,
                      optionElement: enumType)
            return
        }
        switch property.type {
        case "String": self.init(plain: "String", result: "INStringResolutionResult", option: "NSString")
        case "Integer": self.init(number: ".integer", result: "INIntegerResolutionResult")
        case "Decimal": self.init(number: ".double", result: "INDoubleResolutionResult")
        case "Boolean": self.init(number: ".boolean", result: "INBooleanResolutionResult")
        case "DateComponents": self.init(plain: "DateComponents", result: "INDateComponentsResolutionResult")
        case "Person": self.init(plain: "INPerson", result: "INPersonResolutionResult")
        case "URL": self.init(plain: "URL", result: "INURLResolutionResult")
        case "Placemark", "Location": self.init(plain: "CLPlacemark", result: "INPlacemarkResolutionResult")
        case "SpeakableString": self.init(plain: "INSpeakableString", result: "INSpeakableStringResolutionResult")
        case "TimeInterval", "Duration": self.init(number: ".double", result: "INTimeIntervalResolutionResult")
        case "File": self.init(plain: "INFile", result: "INFileResolutionResult")
        case "CurrencyAmount", "Currency": self.init(plain: "INCurrencyAmount", result: "INCurrencyAmountResolutionResult")
        case "Object":
            guard let objectType = property.objectType else {
                self.init(plain: "INObject", result: "INObjectResolutionResult")
                return
            }
            guard definition.types.contains(where: { $0.name == objectType }) else { throw unknown("type", objectType) }
            self.init(plain: objectType, result: "\(objectType)ResolutionResult")
        default:
            throw IntentDefinitionError("\(file): \(owner).\(property.name) has type \(SwiftSource.printable(property.type)), which this SDK does not support yet (supported: String, Integer, Decimal, Boolean, DateComponents, Person, URL, Placemark, SpeakableString, TimeInterval, File, CurrencyAmount, Object, and enums).")
        }
    }

    private init(element: String, valueType: String?, resolutionResult: String, isEnumeration: Bool, optionElement: String) {
        self.element = element
        self.valueType = valueType
        self.resolutionResult = resolutionResult
        self.isEnumeration = isEnumeration
        self.optionElement = optionElement
    }

    private init(plain: String, result: String, option: String? = nil) {
        self.init(element: plain, valueType: nil, resolutionResult: result, isEnumeration: false, optionElement: option ?? plain)
    }

    private init(number valueType: String, result: String) {
        self.init(element: "NSNumber", valueType: valueType, resolutionResult: result, isEnumeration: false, optionElement: "NSNumber")
    }

    /// The declaration of a stored property: `@IntentParameter(title: "pizza") public var kind: Pizza?`.
    static func declaration(of property: IntentDefinition.Property, type: PropertyType, access: String) -> String {
        var arguments: [String] = []
        if let title = property.displayName, !title.isEmpty { arguments.append("title: \(SwiftSource.literal(title))") }
        let name = SwiftSource.identifier(property.name)
        if type.isEnumeration && !property.isList {
            let list = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
            return "@IntentEnumParameter\(list) \(access) var \(name): \(type.element)"
        }
        if let valueType = type.valueType { arguments.append("valueType: \(valueType)") }
        let list = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
        let swiftType = property.isList ? "[\(type.element)]?" : "\(type.element)?"
        return "@IntentParameter\(list) \(access) var \(name): \(swiftType)"
    }
}
