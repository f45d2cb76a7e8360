import Foundation

/// How a person can be reached: an address and its type.
open class INPersonHandle: NSObject, NSSecureCoding, NSCopying {
    /// The address itself (`+1 555 0100`, `bobo@example.com`), as the app or the user gave it;
    /// nil for a handle that only says its type.
    public let value: String?
    /// Whether the value is an email address or a phone number; `.unknown` for an app's own
    /// account names.
    public let type: INPersonHandleType
    /// Which of the person's addresses this is ("home", "work"); kept in the process, not sent to
    /// the host.
    public let label: INPersonHandleLabel?

    /// Makes a handle; the value is not checked against its type.
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel? = nil) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }

    /// True: a handle archives with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the value, the type and the label.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        guard coder.allowsKeyedCoding else { return }
        coder.encode(IntentArchive.version, forKey: IntentArchive.versionKey)
        IntentArchive.encode(value, forKey: "value", into: coder)
        coder.encode(type.rawValue, forKey: "type")
        IntentArchive.encode(label?.rawValue, forKey: "label", into: coder)
    }

    /// Reads a handle archived by `encode(with:)`; nil when the archive is not one.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        guard coder.allowsKeyedCoding, coder.containsValue(forKey: IntentArchive.versionKey),
              let type = INPersonHandleType(rawValue: coder.decodeInteger(forKey: "type")) else {
            IntentArchive.fail(coder, "The archive is not an INPersonHandle.")
            return nil
        }
        self.value = IntentArchive.string(forKey: "value", from: coder)
        self.type = type
        self.label = IntentArchive.string(forKey: "label", from: coder).map(INPersonHandleLabel.init(rawValue:))
        super.init()
    }

    /// A handle with the same value, type and label.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The new handle.
    open func copy(with zone: NSZone? = nil) -> Any {
        INPersonHandle(value: value, type: type, label: label)
    }

    /// Equal to another handle with the same value, type and label.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INPersonHandle else { return false }
        return value == other.value && type == other.type && label == other.label
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int { value.hashValue ^ type.rawValue }
}

/// The kind of address a handle holds, numbered as Apple numbers it.
public enum INPersonHandleType: Int, Sendable {
    /// Neither, or not known: an account name of the app's own service.
    case unknown = 0
    /// An email address.
    case emailAddress = 1
    /// A phone number, in any format the app accepts.
    case phoneNumber = 2
}

/// A label such as "home" or "mobile" for a handle.
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
    /// The label's text, such as `home`; Apple's system labels have the same raw values.
    public let rawValue: String
    /// A label of your own, such as `school`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The person's home address or number.
    public static let home = INPersonHandleLabel(rawValue: "home")
    /// The person's work address or number.
    public static let work = INPersonHandleLabel(rawValue: "work")
    /// The person's mobile number.
    public static let mobile = INPersonHandleLabel(rawValue: "mobile")
    /// An address or number with no better label.
    public static let other = INPersonHandleLabel(rawValue: "other")
}
