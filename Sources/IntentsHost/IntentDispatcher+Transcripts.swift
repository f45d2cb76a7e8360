import SystemCalls
import SystemStore

extension IntentDispatcher {
    /// The Siri authorization a transcript records: that of the app of `handler` (the extension
    /// that answered), else of `app`, else of the only app whose extension supports `intent`;
    /// not determined when there is none, when the host does not check authorization, or the
    /// store cannot say.
    public func transcriptAuthorization(intent: String, app: String?, handler: String?) -> SiriAuthorization {
        let catalog = catalog
        let bundle = handler.flatMap { identifier in catalog.extensions.first { $0.bundleIdentifier == identifier } }
        let owner = bundle.flatMap(catalog.app(containing:)) ?? app.flatMap { try? catalog.app(named: $0) }
            ?? (catalog.claims[intent]?.count == 1 ? catalog.claims[intent]?.first.flatMap(catalog.app(containing:)) : nil)
        guard let owner else { return .notDetermined }
        return ((try? siriAuthorization(of: owner.bundleIdentifier)) ?? nil) ?? .notDetermined
    }
}
