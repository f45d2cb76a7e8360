import Foundation
import ExtensionProtocol

/// An object with an identifier and a display string; custom intent types subclass it.
///
/// A custom type's own properties are declared with `@IntentParameter`, as generated code
/// does, and cross the process boundary with the object.
open class INObject: NSObject {
    public let identifier: String?
    public let displayString: String
    public let pronunciationHint: String?
    /// A second line shown under the display string.
    open var subtitleString: String?
    /// Other names the user may say for this object.
    open var alternativeSpeakableMatches: [INSpeakableString]?

    public required init(identifier: String?, display: String, pronunciationHint: String?) {
        self.identifier = identifier
        self.displayString = display
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    public convenience init(identifier: String?, display: String) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
    }

    public convenience init(identifier: String?, display: String, subtitle: String?, image: INImage?) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
        self.subtitleString = subtitle
    }

    /// What the assistant says for the object: its display string.
    public var spokenPhrase: String { displayString }

    open override var description: String { "\(type(of: self))(\(identifier ?? "nil"), \(displayString))" }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INObject else { return false }
        return identifier == other.identifier && displayString == other.displayString
    }

    open override var hash: Int { identifier?.hashValue ?? displayString.hashValue }
}

extension INObject: IntentValueConvertible {
    public static var intentValueType: ValueType { .object }

    public var intentValue: IntentValue {
        var properties: [String: IntentValue] = [:]
        for (name, parameter) in reflectedParameters(of: self) {
            if let value = parameter.intentValue { properties[name] = value }
        }
        return .object(ObjectValue(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint,
                                   properties: properties))
    }

    /// The object, with the custom properties it declares; nil when a property's value has the
    /// wrong kind. Properties the class does not declare are ignored.
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .object(let object) = value else { return nil }
        let made = Self(identifier: object.identifier, display: object.display, pronunciationHint: object.pronunciationHint)
        guard !object.properties.isEmpty else { return made }
        for (name, parameter) in reflectedParameters(of: made) {
            guard let property = object.properties[name] else { continue }
            guard parameter.assign(property) else { return nil }
        }
        return made
    }
}
