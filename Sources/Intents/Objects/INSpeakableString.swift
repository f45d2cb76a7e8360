import Foundation
import ExtensionProtocol

/// A string the assistant can say, with the identifier of the vocabulary entry it came from.
open class INSpeakableString: NSObject, NSSecureCoding, NSCopying {
    /// Your identifier for the thing the phrase names (a group's key); nil for a phrase made with
    /// `init(spokenPhrase:)`, and the phrase itself for one the user typed.
    public let vocabularyIdentifier: String?
    /// The phrase as the user says and sees it.
    public let spokenPhrase: String
    /// How to say the phrase when it is not spelled as it sounds; carried, not spoken, here.
    public let pronunciationHint: String?

    /// A phrase tied to a vocabulary entry. Subclasses must keep this initializer: the SDK calls it
    /// to rebuild strings from the host.
    public required init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.vocabularyIdentifier = vocabularyIdentifier
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    /// A phrase with no vocabulary entry and no hint.
    public init(spokenPhrase: String) {
        self.vocabularyIdentifier = nil
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = nil
        super.init()
    }

    /// True: a speakable string archives with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the string as it crosses the process boundary: identifier, phrase and hint.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(intentValue, into: coder)
    }

    /// Reads a speakable string archived by `encode(with:)`; nil when the archive is not one.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        guard let value = IntentArchive.decode(IntentValue.self, from: coder, of: INSpeakableString.self),
              case .object(let object) = value else {
            IntentArchive.fail(coder, "The archive is not an INSpeakableString.")
            return nil
        }
        vocabularyIdentifier = object.identifier
        spokenPhrase = object.display
        pronunciationHint = object.pronunciationHint
        super.init()
    }

    /// The same string: a speakable string cannot change, so the copy is the string itself.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The string.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal to another speakable string with the same identifier, phrase and hint.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INSpeakableString else { return false }
        return vocabularyIdentifier == other.vocabularyIdentifier && spokenPhrase == other.spokenPhrase
            && pronunciationHint == other.pronunciationHint
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int { spokenPhrase.hashValue }

    /// The spoken phrase, as it is.
    open override var description: String { spokenPhrase }
}

extension INSpeakableString: IntentValueCodable {
    public static var intentValueType: ValueType { .object }

    public var intentValue: IntentValue {
        .object(ObjectValue(identifier: vocabularyIdentifier, display: spokenPhrase, pronunciationHint: pronunciationHint))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        switch value {
        case .object(let object):
            return Self(vocabularyIdentifier: object.identifier ?? object.display, spokenPhrase: object.display,
                        pronunciationHint: object.pronunciationHint)
        case .string(let text):
            return Self(vocabularyIdentifier: text, spokenPhrase: text, pronunciationHint: nil)
        default:
            return nil
        }
    }
}
