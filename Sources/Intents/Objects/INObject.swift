import Foundation
import ExtensionProtocol

/// An object with an identifier and a display string; custom intent types subclass it.
///
/// A custom type's own properties are declared with `@IntentParameter`, as generated code
/// does, and cross the process boundary with the object.
open class INObject: NSObject {
    /// Your identifier for the object (a database key), which the host keeps and sends back, so
    /// that `resolve` and `handle` can find the object; nil for a name the user only typed.
    public let identifier: String?
    /// What the user sees and says for the object; a user's typed name arrives as an object with
    /// only this set.
    public let displayString: String
    /// How to say the display string when it is not spelled as it sounds; carried, not spoken, here.
    public let pronunciationHint: String?
    /// A second line shown under the display string.
    open var subtitleString: String?
    /// Other names the user may say for this object.
    open var alternativeSpeakableMatches: [INSpeakableString]?

    /// An object with a pronunciation hint. Subclasses for custom types must keep this initializer:
    /// the SDK calls it to rebuild objects that cross the process boundary.
    public required init(identifier: String?, display: String, pronunciationHint: String?) {
        self.identifier = identifier
        self.displayString = display
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    /// An object with no pronunciation hint.
    public convenience init(identifier: String?, display: String) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
    }

    /// An object with a subtitle; the image is accepted for Apple's signature and dropped.
    public convenience init(identifier: String?, display: String, subtitle: String?, image: INImage?) {
        self.init(identifier: identifier, display: display, pronunciationHint: nil)
        self.subtitleString = subtitle
    }

    /// What the assistant says for the object: its display string.
    public var spokenPhrase: String { displayString }

    /// The class, identifier and display string, `Pizza(pep, Pepperoni)`, for logs.
    open override var description: String { "\(type(of: self))(\(identifier ?? "nil"), \(displayString))" }

    /// Equal to another object with the same identifier and display string, whatever their
    /// classes and custom properties.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INObject else { return false }
        return identifier == other.identifier && displayString == other.displayString
    }

    /// The identifier's hash, or the display string's when there is no identifier.
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
