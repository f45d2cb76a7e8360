import ExtensionProtocol
import HostPolicy

/// The authorization rule: an app whose extensions need the user's Siri authorization must be
/// able to ask for it.
extension Linter {
    /// `siri-usage-description-missing`; an extension linted alone has no app plist to check.
    func siriUsageFindings() -> [LintFinding] {
        catalog.apps.compactMap { app -> LintFinding? in
            guard !app.isExtensionAlone, (app.siriUsageDescription ?? "").isEmpty else { return nil }
            var domainIntents: [String] = []
            for intent in app.extensions.flatMap(\.intentsSupported)
            where AuthorizationPolicy.domainIntents.contains(intent) && !domainIntents.contains(intent) {
                domainIntents.append(intent)
            }
            guard !domainIntents.isEmpty else { return nil }
            let plist = app.path + "/Info.plist"
            let missing = app.siriUsageDescription == nil ? "has no NSSiriUsageDescription" : "has an empty NSSiriUsageDescription"
            return LintFinding(.siriUsageDescriptionMissing, path: plist, key: "NSSiriUsageDescription",
                "\(plist) \(missing), but the extensions of \(app.displayName.quotedForDisplay) support \(domainIntents.joined(separator: ", ")), which need the user's Siri authorization: the app can never ask for it, so they are always refused.")
        }
    }
}
