import Foundation
import ExtensionProtocol

/// The answer of a resolve method for one parameter value.
///
/// Typed subclasses add `success(with:)`, `disambiguation(with:)` and `confirmationRequired(with:)`.
open class INIntentResolutionResult: NSObject {
    var resolution: ResolutionPayload = .notRequired

    /// Makes a `notRequired()` result; use the class methods instead, which say what they mean.
    public override required init() {
        super.init()
    }

    /// The parameter needs a value: the user is asked for one.
    public class func needsValue() -> Self { make(.needsValue) }

    /// The parameter needs no resolving: the conversation moves on.
    public class func notRequired() -> Self { make(.notRequired) }

    /// The value cannot be used: the user is asked for another, which is resolved again.
    public class func unsupported() -> Self { make(.unsupported(reason: nil)) }

    /// Linux addition for the defaults of generated handling protocols: the handler does not
    /// resolve this parameter, so the value stands as the user gave it.
    public class func notImplemented() -> Self { make(.unimplemented) }

    /// For generated `unsupported(forReason:)` factories: unsupported, with a typed reason.
    public class func unsupported<Reason: INUnsupportedReason>(withReason reason: Reason) -> Self {
        make(.unsupported(reason: UnsupportedReason(code: reason.rawValue, name: String(describing: reason),
                                            message: reason.reasonDescription)))
    }

    static func make(_ resolution: ResolutionPayload) -> Self {
        let result = self.init()
        result.resolution = resolution
        return result
    }

    static func success(_ value: some IntentValueCodable) -> Self {
        make(.success(value: value.intentValue))
    }

    static func disambiguation(_ values: [some IntentValueCodable]) -> Self {
        make(.disambiguation(choices: values.map(\.intentValue)))
    }

    static func confirmation(_ value: (some IntentValueCodable)?) -> Self {
        make(.confirmationRequired(value: value?.intentValue))
    }

    /// The class and the resolution it carries, for logs.
    open override var description: String { "\(type(of: self))(\(resolution))" }
}

/// A reason enum for `unsupported(forReason:)`, with Int raw values as Xcode generates them.
public protocol INUnsupportedReason: RawRepresentable where RawValue == Int {
    /// The sentence shown to the user; the host words one from the case name when nil.
    var reasonDescription: String? { get }
}

extension INUnsupportedReason {
    public var reasonDescription: String? { nil }
}
