import AppIntents

/// The App Intent twin of `EchoIntent`, for the benchmarks and the end-to-end tests: `perform()`
/// returns its text as the value and the dialog; `LockedEchoAppIntent` needs the device
/// unlocked; `AskingEchoAppIntent` asks to confirm before it answers.
public struct EchoAppIntent: AppIntent {
    public static let title: LocalizedStringResource = "Echo"
    public static let authenticationPolicy: IntentAuthenticationPolicy = .alwaysAllowed

    @Parameter(title: "Text") public var text: String

    public init() {}

    public func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        .result(value: text, dialog: "\(text)")
    }
}

public struct LockedEchoAppIntent: AppIntent {
    public static let title: LocalizedStringResource = "Echo while unlocked"
    public static let authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

    @Parameter(title: "Text") public var text: String?

    public init() {}

    public func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "unlocked: \(text ?? "")", snippet: .html("<p>\(text ?? "")</p>"))
    }
}

public struct AskingEchoAppIntent: AppIntent {
    public static let title: LocalizedStringResource = "Echo after asking"

    @Parameter(title: "Text") public var text: String?

    public init() {}

    public func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(result: .result(dialog: "Echo \(text ?? "nothing")?"))
        return .result(dialog: "confirmed: \(text ?? "")")
    }
}

/// Keeps the App Intent types in the library, where the runner finds them by name.
public let echoAppIntentTypes: [any AppIntent.Type] = [EchoAppIntent.self, LockedEchoAppIntent.self, AskingEchoAppIntent.self]

/// The extension's entry point as Xcode's template writes it: in this shared library it only
/// shows that `@main` on an `AppIntentsExtension` builds and does not disturb loading.
@main
struct EchoAppIntentsExtension: AppIntentsExtension {}
