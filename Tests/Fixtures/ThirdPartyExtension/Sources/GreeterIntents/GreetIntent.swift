import Foundation
import Intents

/// A custom intent: greet someone by name.
public class GreetIntent: INIntent {
    @IntentParameter(title: "name") public var name: String?

    public override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<GreetIntent, any GreetIntentHandling>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
            .resolving("name") { [await $0.resolveName(for: $1)] }
    }
}

public enum GreetIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

public class GreetIntentResponse: INIntentResponse {
    @IntentParameter(title: "greeting") public var greeting: String?

    public required init() { super.init() }

    public init(code: GreetIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
    }
}

public protocol GreetIntentHandling: NSObjectProtocol {
    func handle(intent: GreetIntent) async -> GreetIntentResponse
    func confirm(intent: GreetIntent) async -> GreetIntentResponse
    func resolveName(for intent: GreetIntent) async -> INStringResolutionResult
}

extension GreetIntentHandling {
    public func confirm(intent: GreetIntent) async -> GreetIntentResponse { .notImplemented() }
    public func resolveName(for intent: GreetIntent) async -> INStringResolutionResult { .notImplemented() }
}
