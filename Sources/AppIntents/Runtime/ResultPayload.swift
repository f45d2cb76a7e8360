import ExtensionProtocol

/// What a result carries, read without knowing its type.
protocol ResultContents {
    var contentDialog: IntentDialog? { get }
    var contentSnippet: IntentSnippet? { get }
    var contentValue: Any? { get }
    var opensApp: Bool { get }
}

extension IntentResultContainer: ResultContents {
    var contentDialog: IntentDialog? { dialog }
    var contentSnippet: IntentSnippet? { snippet }
    var contentValue: Any? { value.map { $0 as Any } }
    var opensApp: Bool { opensIntent != nil }
}

/// How `perform()` ended, as the host reads it.
enum ResultPayload {
    static func dialog(of result: some IntentResult) -> String? {
        (result as? any ResultContents)?.contentDialog?.text
    }

    static func returned(_ result: any IntentResult, openAppWhenRun: Bool) -> AppIntentResultPayload {
        guard let contents = result as? any ResultContents else { return AppIntentResultPayload(opensApp: openAppWhenRun) }
        let snippet = contents.contentSnippet.map { snippet -> SnippetPayload in
            switch snippet {
            case .text(let text): SnippetPayload(format: .text, content: text)
            case .html(let html): SnippetPayload(format: .html, content: html)
            }
        }
        return AppIntentResultPayload(dialog: contents.contentDialog?.text, snippet: snippet,
                                      value: contents.contentValue.flatMap(ValueCoding.encode),
                                      opensApp: openAppWhenRun || contents.opensApp)
    }

    /// `error`'s sentence (its `localizedStringResource`, else its `errorDescription`, else its
    /// description), with the case of an error of the app's own as `failureCase`.
    static func threw(_ error: any Error) -> AppIntentResultPayload {
        if let declined = error as? AppIntentError, declined.isUserCancelled {
            return AppIntentResultPayload(failure: declined.description, declinedByUser: true)
        }
        let isOwn = error is AppIntentError || error is RequestFailure || error is CancellationError
        return AppIntentResultPayload(failure: message(of: error), failureCase: isOwn ? nil : String(describing: error))
    }

    static func message(of error: any Error) -> String {
        if error is CancellationError { return "The conversation ended before perform() finished." }
        if let convertible = error as? any CustomLocalizedStringResourceConvertible { return convertible.localizedStringResource.key }
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return String(describing: error)
    }
}
