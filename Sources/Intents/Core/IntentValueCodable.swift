import Foundation

import ExtensionProtocol

/// A Swift type that can be an intent parameter or output value.
///
/// The SDK's own types (`INPerson`, `INObject`, `INSpeakableString`), `String`, `Int`,
/// `Double`, `Bool`, `NSNumber`, `DateComponents`, arrays of these and intent enumerations
/// conform. Linux addition: on Apple's systems the Objective-C runtime plays this part. Its
/// name is its own (not App Intents' `IntentValueConvertible`), so that a file importing
/// `Intents` and `AppIntents` or `AppIntentsTesting` names each protocol unambiguously.
public protocol IntentValueCodable {
    /// The kind of value, as the host sees it.
    static var intentValueType: ValueType { get }
    /// Whether the type is a list of values.
    static var isIntentValueList: Bool { get }
    /// The cases of an enumeration type, in declared order.
    static var intentEnumerationCases: [EnumerationValue] { get }
    /// The value as it crosses the boundary.
    var intentValue: IntentValue { get }
    /// Makes the Swift value from its wire form; nil when the kinds do not match.
    static func fromIntentValue(_ value: IntentValue) -> Self?
}

extension IntentValueCodable {
    /// Whether a name a user types (an object value with only a display string) makes a value:
    /// what the host needs to know before it takes text for an object parameter.
    static var acceptsTypedName: Bool {
        guard intentValueType == .object else { return true }
        return fromIntentValue(.object(ObjectValue(identifier: nil, display: "name"))) != nil
    }

    public static var isIntentValueList: Bool { false }
    public static var intentEnumerationCases: [EnumerationValue] { [] }
}

/// A string parameter crosses as text; an object parameter's typed name is not taken for one.
extension String: IntentValueCodable {
    public static var intentValueType: ValueType { .string }
    public var intentValue: IntentValue { .string(self) }
    public static func fromIntentValue(_ value: IntentValue) -> String? {
        guard case .string(let text) = value else { return nil }
        return text
    }
}

/// An integer parameter crosses as a 64-bit integer; a decimal is not rounded into one.
extension Int: IntentValueCodable {
    public static var intentValueType: ValueType { .integer }
    public var intentValue: IntentValue { .integer(self) }
    public static func fromIntentValue(_ value: IntentValue) -> Int? {
        guard case .integer(let number) = value else { return nil }
        return number
    }
}

/// A decimal parameter crosses as a double; an integer value is taken too.
extension Double: IntentValueCodable {
    public static var intentValueType: ValueType { .double }
    public var intentValue: IntentValue { .double(self) }
    public static func fromIntentValue(_ value: IntentValue) -> Double? {
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: return nil
        }
    }
}

/// A yes/no parameter crosses as a Boolean; the host reads `yes`/`no`, `y`/`n` and
/// `true`/`false`, in any case, from a user.
extension Bool: IntentValueCodable {
    public static var intentValueType: ValueType { .boolean }
    public var intentValue: IntentValue { .boolean(self) }
    public static func fromIntentValue(_ value: IntentValue) -> Bool? {
        guard case .boolean(let flag) = value else { return nil }
        return flag
    }
}

/// Generated intents hold integer, decimal and boolean parameters as `NSNumber?`, as Xcode
/// generates them; `@IntentParameter(valueType:)` says which kind a parameter holds.
extension NSNumber: IntentValueCodable {
    public static var intentValueType: ValueType { .integer }
    public var intentValue: IntentValue {
        let kind = String(cString: objCType)
        return kind == "d" || kind == "f" ? .double(doubleValue) : .integer(intValue)
    }
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        switch value {
        case .integer(let number): return NSNumber(value: number) as? Self
        case .double(let number): return NSNumber(value: number) as? Self
        case .boolean(let flag): return NSNumber(value: flag) as? Self
        default: return nil
        }
    }
}

/// Date components cross as year, month, day, hour and minute only: seconds, time zone and
/// calendar are dropped on the way.
extension DateComponents: IntentValueCodable {
    public static var intentValueType: ValueType { .dateComponents }
    public var intentValue: IntentValue {
        .dateComponents(DateComponentsValue(year: year, month: month, day: day, hour: hour, minute: minute))
    }
    public static func fromIntentValue(_ value: IntentValue) -> DateComponents? {
        guard case .dateComponents(let fields) = value else { return nil }
        return DateComponents(year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute)
    }
}

/// A list parameter (`[INPerson]`) crosses as a list of its elements' values; one element the
/// Swift type cannot take makes the whole list unreadable.
extension Array: IntentValueCodable where Element: IntentValueCodable {
    public static var intentValueType: ValueType { Element.intentValueType }
    public static var isIntentValueList: Bool { true }
    public static var intentEnumerationCases: [EnumerationValue] { Element.intentEnumerationCases }
    public var intentValue: IntentValue { .list(map(\.intentValue)) }
    public static func fromIntentValue(_ value: IntentValue) -> [Element]? {
        var values: [Element] = []
        for element in value.elements {
            guard let converted = Element.fromIntentValue(element) else { return nil }
            values.append(converted)
        }
        return values
    }
}

/// An enumeration declared for a custom intent (`Int` raw values, as Xcode generates them).
///
/// Conforming is all it takes; `displayName` may be given for friendlier prompts.
public protocol INIntentEnumeration: IntentValueCodable, RawRepresentable, CaseIterable where RawValue == Int {
    /// What the user sees; the case name by default.
    var displayName: String { get }
}

extension INIntentEnumeration {
    public var displayName: String { String(describing: self) }
    public static var intentValueType: ValueType { .enumeration }
    public static var intentEnumerationCases: [EnumerationValue] { allCases.map(\.enumerationValue) }
    public var intentValue: IntentValue { .enumeration(enumerationValue) }
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .enumeration(let enumeration) = value else { return nil }
        return Self(rawValue: enumeration.rawValue)
    }

    private var enumerationValue: EnumerationValue {
        EnumerationValue(rawValue: rawValue, name: String(describing: self), display: displayName)
    }
}

/// A moment crosses the boundary as its ISO 8601 text with milliseconds
/// (`2026-11-23T09:30:00.250Z`); text without the fraction is read too.
extension Date: IntentValueCodable {
    public static var intentValueType: ValueType { .string }

    public var intentValue: IntentValue {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return .string(formatter.string(from: self))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Date? {
        guard case .string(let text) = value else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
