import ExtensionProtocol
import HostBundles
import SystemStore

/// Which app handles an intent that several apps' extensions support: the app the request
/// names, or the one the user picks when asked, as Siri asks which app to use. No app is ever
/// chosen for the user by the order bundles were found in.
struct AppChoice {
    let catalog: BundleCatalog

    /// The extension of `app` (a bundle identifier or a name) that supports `intent`; else the
    /// only extension that supports it; else the one the user picks, with the prompt asked.
    /// - Throws: `HostError`: `.noExtension` when no extension (or none of that app) supports it,
    ///   `.usage` for an unknown app or after three answers that name no choice,
    ///   `.inputRequired` when there is nobody to ask.
    func extensionFor(_ intent: String, app: String?, user: any ConversationUser) async throws -> (ExtensionBundle, Prompt?) {
        let claimants = catalog.claims[intent] ?? []
        guard !claimants.isEmpty else { throw catalog.noExtension(for: intent) }
        if let app {
            let chosen = try catalog.app(named: app)
            guard let bundle = claimants.first(where: { catalog.app(containing: $0)?.bundleIdentifier == chosen.bundleIdentifier }) else {
                throw HostError(.noExtension, "\(chosen.displayName.quotedForDisplay) (\(chosen.bundleIdentifier)) has no extension that supports \(intent).")
            }
            return (bundle, nil)
        }
        guard claimants.count > 1 else { return (claimants[0], nil) }
        let names = claimants.map(label)
        var prompt = Prompt(kind: .choice, parameter: nil, text: "\(intent) is supported by several apps. Which app should handle it?",
                            choices: names)
        for _ in 0..<3 {
            let answer: String
            do {
                answer = try await user.answer(prompt).trimmingCharacters(in: .whitespaces)
            } catch let error as HostError where error.code == .inputRequired {
                throw HostError(.inputRequired, "\(intent) is supported by several apps: \(names.joined(separator: ", ")); name one with --app, or run interactively to be asked.")
            }
            prompt.answer = answer
            if let number = Int(answer), (1...claimants.count).contains(number) { return (claimants[number - 1], prompt) }
            let named = claimants.filter { matches(answer, $0) }
            if named.count == 1 { return (named[0], prompt) }
            await user.notify(Prompt(kind: .notice, parameter: nil,
                                     text: "\(answer.quotedForDisplay) is not one of the apps; answer with a number from 1 to \(claimants.count)."))
        }
        throw HostError(.usage, "No app was chosen for \(intent) among \(names.joined(separator: ", ")); name one with --app.")
    }

    /// How a claimant is shown: its app's name and the extension's identifier.
    private func label(_ bundle: ExtensionBundle) -> String {
        let app = catalog.app(containing: bundle)
        return "\(app?.displayName ?? bundle.displayName) (\(bundle.bundleIdentifier))"
    }

    private func matches(_ answer: String, _ bundle: ExtensionBundle) -> Bool {
        guard let app = catalog.app(containing: bundle) else { return answer == bundle.bundleIdentifier }
        let wanted = PhraseText.normalized(answer)
        return [app.bundleIdentifier, bundle.bundleIdentifier].contains(answer)
            || app.spokenNames.contains { PhraseText.normalized($0) == wanted }
    }
}
