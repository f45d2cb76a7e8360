import ExtensionProtocol

/// A response code enum: its raw value is the number Apple gives it.
public protocol INIntentResponseCode: RawRepresentable where RawValue == Int {
    /// How the host treats the code.
    var category: ResponseCategory { get }
}

/// Codes of system intents: unspecified 0, ready 1, inProgress 2, success 3, failure 4,
/// failureRequiringAppLaunch 5; higher codes are domain-specific failures.
public protocol INSystemIntentResponseCode: INIntentResponseCode {}

extension INSystemIntentResponseCode {
    public var category: ResponseCategory {
        switch rawValue {
        case 0: return .unspecified
        case 1: return .ready
        case 2: return .inProgress
        case 3: return .success
        case 5: return .failureRequiringAppLaunch
        default: return .failure
        }
    }
}

/// Codes of custom intents, as Xcode generates them: unspecified 0, ready 1, continueInApp 2,
/// inProgress 3, success 4, failure 5, failureRequiringAppLaunch 6, custom codes from 100.
///
/// A custom code counts as a success when its case name begins with `success`, as Xcode's
/// success codes do; a code enum may implement `category` to say otherwise.
public protocol INCustomIntentResponseCode: INIntentResponseCode {}

extension INCustomIntentResponseCode {
    public var category: ResponseCategory {
        switch rawValue {
        case 0: return .unspecified
        case 1: return .ready
        case 2: return .continueInApp
        case 3: return .inProgress
        case 4: return .success
        case 6: return .failureRequiringAppLaunch
        case 100...: return String(describing: self).hasPrefix("success") ? .success : .failure
        default: return .failure
        }
    }
}

/// The state of an interaction, as `INInteraction.intentHandlingStatus` reports it.
public enum INIntentHandlingStatus: Int, Sendable {
    case unspecified = 0
    case ready = 1
    case inProgress = 2
    case success = 3
    case failure = 4
    case deferredToApplication = 5
    case userConfirmationRequired = 6
}
