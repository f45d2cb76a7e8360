import Foundation

/// A contact's value with the label that says what it is: a phone number labeled mobile,
/// an email address labeled work.
///
/// Immutable, as in Contacts: the `setting` methods return a new labeled value with the same
/// ``identifier``.
open class CNLabeledValue<ValueType>: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable
where ValueType: NSCopying, ValueType: NSSecureCoding {
    /// The identifier of this labeled value, unique among the contact's values; kept by the
    /// `setting` methods.
    public private(set) var identifier: String
    /// The label: one of the `CNLabel` constants (``CNLabelHome``, ``CNLabelPhoneNumberMobile``...)
    /// or any text; nil for a value with no label.
    public let label: String?
    /// The value: a ``CNPhoneNumber``, an `NSString` email address, a ``CNPostalAddress``...
    public let value: ValueType

    /// A labeled value with a new identifier.
    /// - Parameters:
    ///   - label: The label, or nil for none.
    ///   - value: The value.
    public required init(label: String?, value: ValueType) {
        self.identifier = UUID().uuidString
        self.label = label
        self.value = value
        super.init()
    }

    /// A labeled value with a new identifier, as `init(label:value:)`.
    open class func labeledValue(label: String?, value: ValueType) -> Self {
        Self(label: label, value: value)
    }

    /// The same value and identifier with another label.
    open func settingLabel(_ label: String?) -> Self {
        settingLabel(label, value: value)
    }

    /// The same label and identifier with another value.
    open func settingValue(_ value: ValueType) -> Self {
        settingLabel(label, value: value)
    }

    /// The same identifier with another label and value.
    open func settingLabel(_ label: String?, value: ValueType) -> Self {
        let changed = Self(label: label, value: value)
        changed.identifier = identifier
        return changed
    }

    /// A labeled value with a given identifier (a contact read from a vCard keeps its values' order).
    init(identifier: String, label: String?, value: ValueType) {
        self.identifier = identifier
        self.label = label
        self.value = value
        super.init()
    }

    /// The label as a person reads it: `home` for ``CNLabelHome``, `mobile` for
    /// ``CNLabelPhoneNumberMobile``; any other label as it is.
    open class func localizedString(forLabel label: String) -> String {
        // Contacts' own labels are `_$!<Name>!$_`.
        guard label.hasPrefix("_$!<"), label.hasSuffix(">!$_") else { return label }
        let name = label.dropFirst(4).dropLast(4)
        switch name {
        case "HomeFAX": return "home fax"
        case "WorkFAX": return "work fax"
        case "OtherFAX": return "other fax"
        default: return name.lowercased()
        }
    }

    // MARK: NSSecureCoding

    /// Labeled values code securely when their values do.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the identifier, the label and the value.
    open func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: "identifier")
        if let label { coder.encode(label as NSString, forKey: "label") }
        coder.encode(value, forKey: "value")
    }

    /// Reads what `encode(with:)` wrote; nil when the value is missing or of another class.
    public required init?(coder: NSCoder) {
        guard let value = coder.decodeObject(of: [ValueType.self as? AnyClass].compactMap { $0 }, forKey: "value") as? ValueType else { return nil }
        self.identifier = (coder.decodeObject(of: NSString.self, forKey: "identifier") as String?) ?? UUID().uuidString
        self.label = coder.containsValue(forKey: "label") ? coder.decodeObject(of: NSString.self, forKey: "label") as String? : nil
        self.value = value
        super.init()
    }

    /// Labeled values are immutable: the copy is the value itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal to another labeled value with the same identifier, label and value.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNLabeledValue<ValueType> else { return false }
        return identifier == other.identifier && label == other.label && ((value as AnyObject) as? NSObject)?.isEqual(other.value) == true
    }

    /// A hash of the identifier, consistent with `isEqual(_:)`.
    open override var hash: Int { identifier.hashValue }

    /// `label: value`, or the value alone.
    open override var description: String {
        let shown = "\(value)"
        return label.map { "\(Self.localizedString(forLabel: $0)): \(shown)" } ?? shown
    }
}

/// A phone number, as a contact holds it: the text as the user typed it, not normalized.
open class CNPhoneNumber: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The number as given, such as `+1 (555) 010-0100`.
    public let stringValue: String

    /// A phone number from its text.
    /// - Parameter string: The number as the user would type it.
    public required init(stringValue string: String) {
        self.stringValue = string
        super.init()
    }

    /// A phone number from its text, as `init(stringValue:)`.
    open class func phoneNumber(withStringValue stringValue: String) -> Self {
        Self(stringValue: stringValue)
    }

    /// Phone numbers code securely.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the number's text.
    open func encode(with coder: NSCoder) {
        coder.encode(stringValue as NSString, forKey: "stringValue")
    }

    /// Reads the text `encode(with:)` wrote; nil when it is missing.
    public required init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: "stringValue") else { return nil }
        self.stringValue = text as String
        super.init()
    }

    /// Phone numbers are immutable: the copy is the number itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal to another phone number with the same text.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CNPhoneNumber)?.stringValue == stringValue
    }

    /// The text's hash, consistent with `isEqual(_:)`.
    open override var hash: Int { stringValue.hashValue }

    /// The number's text.
    open override var description: String { stringValue }
}

/// The label of a home value (a phone number, an email address, a postal address).
public let CNLabelHome = "_$!<Home>!$_"
/// The label of a work value.
public let CNLabelWork = "_$!<Work>!$_"
/// The label of a school value.
public let CNLabelSchool = "_$!<School>!$_"
/// The label of a value that is neither home nor work.
public let CNLabelOther = "_$!<Other>!$_"
/// The label of an iCloud email address.
public let CNLabelEmailiCloud = "iCloud"
/// The label of a mobile phone number.
public let CNLabelPhoneNumberMobile = "_$!<Mobile>!$_"
/// The label of an iPhone's number.
public let CNLabelPhoneNumberiPhone = "iPhone"
/// The label of an Apple Watch's number.
public let CNLabelPhoneNumberAppleWatch = "AppleWatch"
/// The label of a main phone number.
public let CNLabelPhoneNumberMain = "_$!<Main>!$_"
/// The label of a home fax number.
public let CNLabelPhoneNumberHomeFax = "_$!<HomeFAX>!$_"
/// The label of a work fax number.
public let CNLabelPhoneNumberWorkFax = "_$!<WorkFAX>!$_"
/// The label of another fax number.
public let CNLabelPhoneNumberOtherFax = "_$!<OtherFAX>!$_"
/// The label of a pager number.
public let CNLabelPhoneNumberPager = "_$!<Pager>!$_"
