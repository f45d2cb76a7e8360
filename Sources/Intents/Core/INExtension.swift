import Foundation

/// Gives a handler for each intent; `INExtension` adopts it.
public protocol INIntentHandlerProviding: NSObjectProtocol {
    func handler(for intent: INIntent) -> Any?
}

/// The principal class of an Intents extension, named by `NSExtensionPrincipalClass`.
///
/// Subclass it and override `handler(for:)` to return a new handler for each intent:
///
///     class IntentHandler: INExtension {
///         override func handler(for intent: INIntent) -> Any {
///             SendMessageIntentHandler()
///         }
///     }
open class INExtension: NSObject, INIntentHandlerProviding {
    public override required init() {
        super.init()
    }

    /// Returns the object that handles `intent`; nil when the extension has none.
    open func handler(for intent: INIntent) -> Any? { nil }

    /// Linux addition: custom intent classes declared outside the extension's own module
    /// (in a shared framework, say). Apple finds them through the Objective-C runtime; here,
    /// list them. Intents declared in the extension's module are found by name.
    open class var customIntentClasses: [INIntent.Type] { [] }
}
