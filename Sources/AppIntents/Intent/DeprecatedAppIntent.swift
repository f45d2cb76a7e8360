/// An intent that is deprecated, saying why and, optionally, which intent replaces it.
///
///     struct OldOrderIntent: DeprecatedAppIntent {
///         static var deprecation: IntentDeprecation<OrderIntent> { .init(message: "Use Order instead.", replacedBy: OrderIntent.self) }
///     }
public protocol DeprecatedAppIntent: AppIntent {
    /// The intent that replaces this one; `Never` for none.
    associatedtype ReplacementIntent: AppIntent = Never
    /// Why the intent is deprecated and what replaces it.
    static var deprecation: IntentDeprecation<ReplacementIntent> { get }
}

/// Why an intent is deprecated, and the intent that replaces it.
public struct IntentDeprecation<ReplacementIntent: AppIntent>: Sendable {
    /// A short sentence that says why, ending in a period.
    public var message: LocalizedStringResource
    /// The intent that replaces the deprecated one, if any.
    public var replacedBy: ReplacementIntent.Type?

    /// A deprecation with a message and, optionally, a replacement.
    public init(message: LocalizedStringResource, replacedBy: ReplacementIntent.Type?) {
        self.message = message
        self.replacedBy = replacedBy
    }

    /// A deprecation whose message names the replacement.
    public init(replacedBy: ReplacementIntent.Type) {
        self.init(message: "Use \(ReplacementIntent.title) instead.", replacedBy: replacedBy)
    }
}

extension IntentDeprecation where ReplacementIntent == Never {
    /// A deprecation with no replacement.
    public init(message: LocalizedStringResource) {
        self.init(message: message, replacedBy: nil)
    }
}

/// `Never` stands for no intent where one is optional (no replacement, no intent a result opens).
extension Never: AppIntent {
    /// No `Never` can be made: this stops the process.
    public init() {
        fatalError("Never has no values; it stands for no intent and cannot be performed.")
    }

    public static var title: LocalizedStringResource { "Never" }

    public func perform() async throws -> IntentResultContainer<Never> {
        switch self {}
    }
}

/// An App Intent that replaces a SiriKit custom intent: donations and shortcuts of the class
/// `intentClassName` now run it (the host reads it as `customIntentClassName`).
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// The custom intent's class name, as the intent definition generates it (`OrderSoupIntent`).
    static var intentClassName: String { get }
}
