import ExtensionProtocol

/// The App Intents half of an extension: answers `describeAppIntents`, `queryEntities`,
/// `perform` and `answer`, and hears `endConversation`.
///
/// The `AppIntents` module provides it as `AppIntents.AppIntentsResponder`, found by name, so
/// that an extension that does not link AppIntents carries none of it.
public protocol AppIntentsResponding: AnyObject, Sendable {
    /// Called once per extension process, on the first App Intents message.
    init()
    /// The reply to `message`, or nil for a message that gets none.
    func answer(_ message: HostToExtensionMessage) async -> ExtensionToHostMessage?
}

/// Finds the App Intents responder of the library once.
enum AppIntentsResponderLookup {
    /// The responder's type name: what `_typeByName` finds when the library links AppIntents.
    static let typeName = "AppIntents.AppIntentsResponder"

    static func make() -> (any AppIntentsResponding)? {
        (_typeByName(typeName) as? any AppIntentsResponding.Type)?.init()
    }
}
