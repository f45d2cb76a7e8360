import Foundation
import Intents

// A custom intent written as Xcode would generate it from an .intentdefinition: the intent,
// its handling protocol and its response.

/// Asks the extension to complete through one way of reaching the main thread, named by `route`.
public class MainThreadIntent: INIntent {
    @IntentParameter(title: "route") public var route: String?

    public override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<MainThreadIntent, any MainThreadIntentHandling>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
    }
}

/// Handles `MainThreadIntent`: confirm and handle, either form of each.
public protocol MainThreadIntentHandling: NSObjectProtocol {
    func handle(intent: MainThreadIntent, completion: @escaping (MainThreadIntentResponse) -> Void)
    func handle(intent: MainThreadIntent) async -> MainThreadIntentResponse
    func confirm(intent: MainThreadIntent, completion: @escaping (MainThreadIntentResponse) -> Void)
    func confirm(intent: MainThreadIntent) async -> MainThreadIntentResponse
}

extension MainThreadIntentHandling {
    public func handle(intent: MainThreadIntent) async -> MainThreadIntentResponse {
        await withIntentCompletion { handle(intent: intent, completion: $0) }
    }
    public func handle(intent: MainThreadIntent, completion: @escaping (MainThreadIntentResponse) -> Void) {
        completion(.notImplemented())
    }
    public func confirm(intent: MainThreadIntent) async -> MainThreadIntentResponse {
        await withIntentCompletion { confirm(intent: intent, completion: $0) }
    }
    public func confirm(intent: MainThreadIntent, completion: @escaping (MainThreadIntentResponse) -> Void) {
        completion(.notImplemented())
    }
}

/// The codes of `MainThreadIntentResponse`, numbered as Xcode numbers custom intents' codes.
public enum MainThreadIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

/// The answer to `MainThreadIntent`: `thread` says where the completion ran.
public class MainThreadIntentResponse: INIntentResponse {
    public private(set) var code: MainThreadIntentResponseCode = .unspecified
    /// "main", or which thread it was instead.
    @IntentParameter(title: "thread") public var thread: String?

    public required init() {
        super.init()
    }

    public init(code: MainThreadIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
        self.code = code
    }
}
