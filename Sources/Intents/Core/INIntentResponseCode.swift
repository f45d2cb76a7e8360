import ExtensionProtocol
import Synchronization

/// A response code enum: its raw value is the number Apple gives it, its case name says what
/// it means.
///
/// Apple numbers each intent's codes differently (`INStartCallIntentResponseCode` has
/// `continueInApp` 2 and `failure` 4, `INSendMessageIntentResponseCode` has `inProgress` 2 and
/// `failure` 4), but names them systematically, so the category follows the case name:
/// `unspecified`, `ready`, `continueInApp` and `handleInApp`, `inProgress`,
/// `userConfirmationRequired`, `success...`, `failureRequiringAppLaunch...`, and any other
/// name (`failure...`, `denied`) is a failure. A code enum may implement `category` to say
/// otherwise.
public protocol INIntentResponseCode: RawRepresentable where RawValue == Int {
    /// How the host treats the code.
    var category: ResponseCategory { get }
}

extension INIntentResponseCode {
    public var category: ResponseCategory { responseCategory(ofCodeNamed: ResponseCodeNames.shared.name(of: self)) }
}

/// Codes of system intents, numbered per intent as Apple numbers them (see `INIntentResponseCode`).
public protocol INSystemIntentResponseCode: INIntentResponseCode {}

/// Codes of custom intents, as Xcode generates them: unspecified 0, ready 1, continueInApp 2,
/// inProgress 3, success 4, failure 5, failureRequiringAppLaunch 6, custom codes from 100. A
/// custom code counts as a success when its definition marks it so (`customSuccessCodes`, which
/// generated code lists) or its name begins with `success`, and as a failure otherwise.
public protocol INCustomIntentResponseCode: INIntentResponseCode {
    /// The raw values of the custom codes the definition marks as successes, whatever their names.
    static var customSuccessCodes: Set<Int> { get }
}

extension INCustomIntentResponseCode {
    public static var customSuccessCodes: Set<Int> { [] }

    public var category: ResponseCategory {
        Self.customSuccessCodes.contains(rawValue) ? .success : responseCategory(ofCodeNamed: ResponseCodeNames.shared.name(of: self))
    }
}

/// The category of a response code named `name`, by Apple's naming of code cases.
func responseCategory(ofCodeNamed name: String) -> ResponseCategory {
    switch name {
    case "unspecified": return .unspecified
    case "ready": return .ready
    case "continueInApp", "handleInApp": return .continueInApp
    case "inProgress": return .inProgress
    case "userConfirmationRequired": return .userConfirmationRequired
    case _ where name.hasPrefix("success"): return .success
    case _ where name.hasPrefix("failureRequiringAppLaunch"): return .failureRequiringAppLaunch
    default: return .failure
    }
}

/// The state of an interaction, as `INInteraction.intentHandlingStatus` reports it.
public enum INIntentHandlingStatus: Int, Sendable {
    /// The response gave no code, or the interaction has no response yet.
    case unspecified = 0
    /// `confirm` answered that the handler is ready to handle the intent.
    case ready = 1
    /// The handler accepted the intent and is still carrying it out.
    case inProgress = 2
    /// The intent was carried out.
    case success = 3
    /// The intent failed, including failures that ask for the app to be launched.
    case failure = 4
    /// The response handed the intent to the app (`continueInApp`, `handleInApp`).
    case deferredToApplication = 5
    /// `confirm` asked the user to confirm before the intent is handled.
    case userConfirmationRequired = 6
}

/// The case names of response codes, by type and raw value, each written once: a code's name is
/// what `String(describing:)` gives it, which costs microseconds on every call.
final class ResponseCodeNames: Sendable {
    static let shared = ResponseCodeNames()

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let rawValue: Int
    }

    private let names = Mutex<[Key: String]>([:])

    /// `code`'s case name (`success`, `failureRequiringAppLaunch`).
    func name<Code: INIntentResponseCode>(of code: Code) -> String {
        let key = Key(type: ObjectIdentifier(Code.self), rawValue: code.rawValue)
        if let cached = names.withLock({ $0[key] }) { return cached }
        let name = String(describing: code)
        names.withLock { $0[key] = name }
        return name
    }
}
