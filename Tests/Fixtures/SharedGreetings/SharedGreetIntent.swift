import Foundation
import Intents

// A shared framework's custom intent, as Xcode would generate it: a module of its own, linked
// into the extension, which does not list it in `customIntentClasses`.

/// Greets someone by name.
public class SharedGreetIntent: INIntent {
    @IntentParameter(title: "name") public var name: String?

    public override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<SharedGreetIntent, any SharedGreetIntentHandling>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
    }
}

/// Handles `SharedGreetIntent`: confirm and handle, either form of each.
public protocol SharedGreetIntentHandling: NSObjectProtocol {
    func handle(intent: SharedGreetIntent, completion: @escaping (SharedGreetIntentResponse) -> Void)
    func handle(intent: SharedGreetIntent) async -> SharedGreetIntentResponse
    func confirm(intent: SharedGreetIntent, completion: @escaping (SharedGreetIntentResponse) -> Void)
    func confirm(intent: SharedGreetIntent) async -> SharedGreetIntentResponse
}

extension SharedGreetIntentHandling {
    public func handle(intent: SharedGreetIntent) async -> SharedGreetIntentResponse {
        await withIntentCompletion { handle(intent: intent, completion: $0) }
    }
    public func handle(intent: SharedGreetIntent, completion: @escaping (SharedGreetIntentResponse) -> Void) {
        completion(.notImplemented())
    }
    public func confirm(intent: SharedGreetIntent) async -> SharedGreetIntentResponse {
        await withIntentCompletion { confirm(intent: intent, completion: $0) }
    }
    public func confirm(intent: SharedGreetIntent, completion: @escaping (SharedGreetIntentResponse) -> Void) {
        completion(.notImplemented())
    }
}

/// The codes of `SharedGreetIntentResponse`, numbered as Xcode numbers custom intents' codes.
public enum SharedGreetIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

/// The answer to `SharedGreetIntent`, with the greeting.
public class SharedGreetIntentResponse: INIntentResponse {
    public private(set) var code: SharedGreetIntentResponseCode = .unspecified
    @IntentParameter(title: "greeting") public var greeting: String?

    public required init() {
        super.init()
    }

    public init(code: SharedGreetIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
        self.code = code
    }
}

/// A second intent of the framework, with no handler: the SDK's tests declare a class of the
/// same name in their own module, to see which one a lookup prefers.
public class SharedThanksIntent: INIntent {}
