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

    /// Linux addition: intent classes to find before any other of the same name. There is no
    /// need to list any: as on Apple's systems, the class named in `IntentsSupported` is found
    /// by name in any loaded image (the extension's module first, then a framework it links).
    open class var customIntentClasses: [INIntent.Type] { [] }
}
