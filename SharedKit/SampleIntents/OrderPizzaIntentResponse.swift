import Foundation
import Intents

/// The codes of `OrderPizzaIntentResponse`: the standard custom-intent codes, then the
/// custom failures from 100.
public enum OrderPizzaIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0
    case ready = 1
    case continueInApp = 2
    case inProgress = 3
    case success = 4
    case failure = 5
    case failureRequiringAppLaunch = 6
    case failurePizzeriaClosed = 100
    case failurePizzaUnavailable = 101
}

/// The answer to `OrderPizzaIntent`, with its output parameters.
public class OrderPizzaIntentResponse: INIntentResponse {
    public private(set) var code: OrderPizzaIntentResponseCode = .unspecified
    /// Minutes until delivery, for `.success`.
    @IntentParameter(title: "wait time") public var waitTime: NSNumber?
    /// The pizza that cannot be had, for `.failurePizzaUnavailable`.
    @IntentParameter(title: "pizza") public var kind: Pizza?

    public required init() {
        super.init()
    }

    public init(code: OrderPizzaIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
        self.code = code
    }

    public static func success(waitTime: NSNumber) -> OrderPizzaIntentResponse {
        let response = OrderPizzaIntentResponse(code: .success, userActivity: nil)
        response.waitTime = waitTime
        return response
    }

    public static func failurePizzaUnavailable(kind: Pizza) -> OrderPizzaIntentResponse {
        let response = OrderPizzaIntentResponse(code: .failurePizzaUnavailable, userActivity: nil)
        response.kind = kind
        return response
    }
}
