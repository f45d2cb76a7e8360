import Foundation

/// How a person can be reached: an address and its type.
open class INPersonHandle: NSObject {
    public let value: String?
    public let type: INPersonHandleType
    public let label: INPersonHandleLabel?

    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel? = nil) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }
}

/// The kind of address a handle holds, numbered as Apple numbers it.
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}

/// A label such as "home" or "mobile" for a handle.
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let home = INPersonHandleLabel(rawValue: "home")
    public static let work = INPersonHandleLabel(rawValue: "work")
    public static let mobile = INPersonHandleLabel(rawValue: "mobile")
    public static let other = INPersonHandleLabel(rawValue: "other")
}
