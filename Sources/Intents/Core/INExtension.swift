import Foundation

/// Gives a handler for each intent; `INExtension` adopts it.
public protocol INIntentHandlerProviding: NSObjectProtocol {
    /// Returns the object that handles `intent`: an instance conforming to the intent's handling
    /// protocol (`INSendMessageIntentHandling`...), or nil when there is none.
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
    /// Called by the extension's runner, once per process, on the class that
    /// `NSExtensionPrincipalClass` names; a subclass's stored properties need default values.
    public override required init() {
        super.init()
    }

    /// Returns the object that handles `intent`; nil when the extension has none.
    ///
    /// The SDK calls it once per conversation, on the conversation's first request (a resolve,
    /// confirm or handle), and sends every later request of that conversation to the same object,
    /// as SiriKit keeps one handler for the whole resolve, confirm and handle sequence. Return a new
    /// object each time: handlers must keep no state between conversations. A nil, or an object that
    /// does not conform to the intent's handling protocol, fails that request with an error naming
    /// the intent.
    open func handler(for intent: INIntent) -> Any? { nil }

    /// Linux addition: intent classes to find before any other of the same name. There is no
    /// need to list any: as on Apple's systems, the class named in `IntentsSupported` is found
    /// by name in any loaded image (the extension's module first, then a framework it links).
    open class var customIntentClasses: [INIntent.Type] { [] }
}
