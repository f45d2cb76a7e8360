import Foundation
import ExtensionProtocol

/// The base class of intent responses: a code, output parameters and a user activity.
///
/// Subclasses keep a typed `code` and pass it up through `init(responseCode:userActivity:)`;
/// output parameters are declared with `@IntentParameter`.
open class INIntentResponse: NSObject {
    /// The activity handed to the app when the response sends the user there (`continueInApp`,
    /// `failureRequiringAppLaunch`). When nil, the SDK sends one whose `activityType` is the
    /// intent's name, as Apple's systems make one from the intent's class name.
    open var userActivity: NSUserActivity?
    private(set) var codeNumber = 0
    private(set) var codeName = "unspecified"
    private(set) var codeCategory = ResponseCategory.unspecified
    var isNotImplemented = false

    /// Makes a response with code `unspecified` (0); give it its code with `setResponseCode(_:)`.
    /// Subclasses are also made this way by `notImplemented()`.
    public override required init() {
        super.init()
    }

    /// The designated initializer for subclasses: records the code generically.
    public init<Code: INIntentResponseCode>(responseCode: Code, userActivity: NSUserActivity?) {
        super.init()
        setResponseCode(responseCode)
        self.userActivity = userActivity
    }

    /// Records a code on a response made with `init()`.
    public func setResponseCode<Code: INIntentResponseCode>(_ code: Code) {
        codeNumber = code.rawValue
        codeName = String(describing: code)
        codeCategory = code.category
    }

    /// Linux addition for the defaults of generated handling protocols: a handler that
    /// implements neither form of a method answers this, and the SDK reports it.
    public class func notImplemented() -> Self {
        let response = self.init()
        response.isNotImplemented = true
        return response
    }

    func payload(defaultActivityType: String) -> ResponsePayload {
        let output = reflectedParameters(of: self).compactMap { name, parameter in
            parameter.intentValue.map { NamedValue(name: name, value: $0) }
        }
        let activity = userActivity ?? NSUserActivity(activityType: defaultActivityType)
        return ResponsePayload(code: codeNumber, codeName: codeName, category: codeCategory,
                               output: output, userActivity: activity.payload)
    }
}
