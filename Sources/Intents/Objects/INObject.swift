import Foundation
import ExtensionProtocol

/// An object with an identifier and a display string; custom intent types subclass it.
open class INObject: NSObject {
    public let identifier: String?
    public let display: String
    public let pronunciationHint: String?

    public required init(identifier: String?, display: String, pronunciationHint: String?) {
        self.identifier = identifier
        self.display = display
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    public convenience init(identifier: String?, display: String) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
    }

    open override var description: String { "\(type(of: self))(\(identifier ?? "nil"), \(display))" }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INObject else { return false }
        return identifier == other.identifier && display == other.display
    }
}

extension INObject: IntentValueConvertible {
    public static var intentValueType: ValueType { .object }

    public var intentValue: IntentValue {
        .object(ObjectValue(identifier: identifier, display: display, pronunciationHint: pronunciationHint))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .object(let object) = value else { return nil }
        return Self(identifier: object.identifier, display: object.display, pronunciationHint: object.pronunciationHint)
    }
}
