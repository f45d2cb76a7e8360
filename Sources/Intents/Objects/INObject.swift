import Contacts
import Foundation
import ExtensionProtocol

/// An object with an identifier and a display string; custom intent types subclass it.
///
/// A custom type's own properties are declared with `@IntentParameter`, as generated code
/// does, and cross the process boundary with the object.
open class INObject: NSObject, NSSecureCoding, NSCopying {
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

    /// True: objects, and the custom types that subclass them, archive with `NSKeyedArchiver`
    /// under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the object as it crosses the process boundary (identifier, display string, hint
    /// and the custom properties its class declares with `@IntentParameter`), with its subtitle
    /// and alternative speakable matches beside it.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(intentValue, into: coder)
        IntentArchive.encode(subtitleString, forKey: "subtitleString", into: coder)
        if let alternativeSpeakableMatches {
            IntentArchive.encode(IntentValue.list(alternativeSpeakableMatches.map(\.intentValue)), into: coder, forKey: "alternativeSpeakableMatches")
        }
    }

    /// Reads an object archived by `encode(with:)`, as an instance of the class being decoded,
    /// with the custom properties its class declares; nil when the archive is not an object or a
    /// property has the wrong kind. Properties the class does not declare are ignored.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        guard let value = IntentArchive.decode(IntentValue.self, from: coder, of: INObject.self),
              case .object(let object) = value else {
            IntentArchive.fail(coder, "The archive is not an INObject.")
            return nil
        }
        identifier = object.identifier
        displayString = object.display
        pronunciationHint = object.pronunciationHint
        super.init()
        guard assignProperties(object.properties) else {
            IntentArchive.fail(coder, "The archive of \(type(of: self)) has a property of the wrong kind.")
            return nil
        }
        subtitleString = IntentArchive.string(forKey: "subtitleString", from: coder)
        if coder.containsValue(forKey: "alternativeSpeakableMatches") {
            guard let matches = IntentArchive.decode(IntentValue.self, from: coder, forKey: "alternativeSpeakableMatches", of: INObject.self) else {
                return nil
            }
            alternativeSpeakableMatches = matches.elements.compactMap(INSpeakableString.fromIntentValue)
        }
    }

    /// An object of the same class with the same identifier, display string, hint, subtitle,
    /// alternative matches and custom properties; setting a property of the copy leaves this
    /// object's alone.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The new object.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint)
        if case .object(let object) = intentValue { _ = copy.assignProperties(object.properties) }
        copy.subtitleString = subtitleString
        copy.alternativeSpeakableMatches = alternativeSpeakableMatches
        return copy
    }

    /// Sets the custom properties the class declares from their wire values; false when one has
    /// the wrong kind. Properties the class does not declare are ignored.
    func assignProperties(_ properties: [String: IntentValue]) -> Bool {
        guard !properties.isEmpty else { return true }
        for (name, parameter) in reflectedParameters(of: self) {
            guard let property = properties[name] else { continue }
            guard parameter.assign(property) else { return false }
        }
        return true
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

extension INObject: IntentValueCodable {
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
        return made.assignProperties(object.properties) ? made : nil
    }
}
