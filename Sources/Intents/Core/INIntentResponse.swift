import Foundation
import ExtensionProtocol

/// The base class of intent responses: a code, output parameters and a user activity.
///
/// Subclasses keep a typed `code` and pass it up through `init(responseCode:userActivity:)`;
/// output parameters are declared with `@IntentParameter`.
///
/// Responses copy (`NSCopying`) and archive (`encode(with:)`, `init(coder:)`), but this base class
/// does not itself conform to `NSSecureCoding`, as Apple's does: Swift would then require every
/// subclass with an initializer of its own (`init(code:userActivity:)`) to implement
/// `init?(coder:)`. The system responses conform; a custom response conforms by declaring
/// `NSSecureCoding` with `supportsSecureCoding` and `required init?(coder:)` calling
/// `super.init(coder:)`, where it sets its typed `code` from `responseCodeRawValue`; the
/// responses the SDK's plugin generates from a definition file do so.
open class INIntentResponse: NSObject, NSCopying {
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

    /// Linux addition: the raw value of the response's code, for a subclass that restores its typed
    /// `code` after `init(coder:)`; 0 (`unspecified`) for a response made with `init()`.
    public var responseCodeRawValue: Int { codeNumber }

    /// Archives the response: its code, its output parameters and its user activity (the
    /// activity's type, title and `userInfo`, whose values come back in their plain form: strings,
    /// numbers, booleans, arrays, dictionaries for people and objects).
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(ResponsePayload(code: codeNumber, codeName: codeName, category: codeCategory,
                                             output: outputValues, userActivity: userActivity?.payload),
                             into: coder)
    }

    /// Reads a response archived by `encode(with:)`, as an instance of the class being decoded:
    /// its code, output parameters and user activity; nil when the archive is not a response, or an
    /// output is unknown to the class or has the wrong kind. A subclass's typed `code` property is
    /// its own to restore, from `responseCodeRawValue`.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public init?(coder: NSCoder) {
        super.init()
        guard let payload = IntentArchive.decode(ResponsePayload.self, from: coder, of: Self.self) else { return nil }
        codeNumber = payload.code
        codeName = payload.codeName
        codeCategory = payload.category
        guard assignOutput(payload.output) else {
            IntentArchive.fail(coder, "The archive of \(Self.self) has an output the class does not declare, or of the wrong kind.")
            return nil
        }
        userActivity = payload.userActivity.map(NSUserActivity.init(payload:))
    }

    /// A response of the same class with the same code, output values and a copy of its user
    /// activity; setting an output of the copy leaves this response's alone. A subclass's typed
    /// `code` property is copied when it reads `responseCodeRawValue`, as the system responses'
    /// does; one stored apart is the subclass's to copy, by overriding this method.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The new response.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.codeNumber = codeNumber
        copy.codeName = codeName
        copy.codeCategory = codeCategory
        copy.isNotImplemented = isNotImplemented
        // The values come from this very class, so they fit its outputs.
        _ = copy.assignOutput(outputValues)
        copy.userActivity = userActivity?.duplicate()
        return copy
    }

    /// The output parameters that have values, in declared order.
    private var outputValues: [NamedValue] {
        reflectedParameters(of: self).compactMap { name, parameter in
            parameter.intentValue.map { NamedValue(name: name, value: $0) }
        }
    }

    /// Sets output parameters from their wire values; false when one is unknown or of the wrong kind.
    private func assignOutput(_ output: [NamedValue]) -> Bool {
        let parameters = Dictionary(reflectedParameters(of: self).map { ($0.name, $0.parameter) }, uniquingKeysWith: { first, _ in first })
        for named in output {
            guard let parameter = parameters[named.name], parameter.assign(named.value) else { return false }
        }
        return true
    }

    /// Records a code on a response made with `init()`.
    public func setResponseCode<Code: INIntentResponseCode>(_ code: Code) {
        codeNumber = code.rawValue
        codeName = ResponseCodeNames.shared.name(of: code)
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
        let output = outputValues
        let activity = userActivity ?? NSUserActivity(activityType: defaultActivityType)
        return ResponsePayload(code: codeNumber, codeName: codeName, category: codeCategory,
                               output: output, userActivity: activity.payload)
    }
}
