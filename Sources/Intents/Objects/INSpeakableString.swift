import Foundation
import ExtensionProtocol

/// A string the assistant can say, with the identifier of the vocabulary entry it came from.
open class INSpeakableString: NSObject {
    public let vocabularyIdentifier: String?
    public let spokenPhrase: String
    public let pronunciationHint: String?

    public required init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.vocabularyIdentifier = vocabularyIdentifier
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = pronunciationHint
        super.init()
    }

    public init(spokenPhrase: String) {
        self.vocabularyIdentifier = nil
        self.spokenPhrase = spokenPhrase
        self.pronunciationHint = nil
        super.init()
    }

    open override var description: String { spokenPhrase }
}

extension INSpeakableString: IntentValueConvertible {
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
