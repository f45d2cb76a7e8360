import AppIntents
import HostBundles
import HostPolicy
import Intents
import IntentsHost
import SystemCalls
import SystemStore

extension IntentsTestHost {
    /// A host for an extension's App Intents. They are described in process, as the sandboxed
    /// extension describes them, and the description is checked as the host checks any
    /// (`AppIntentsMetadataCheck`); lock policy then comes from each intent's `authenticationPolicy`.
    ///
    ///     let host = try await IntentsTestHost(appIntents: [StartMeditationIntent.self],
    ///                                          shortcutsProvider: MeditationShortcuts.self, lockState: .locked)
    ///
    /// - Parameters:
    ///   - appIntents: the plist's `AppIntents`: the extension's `AppIntent` types.
    ///   - shortcutsProvider: the plist's `AppShortcutsProvider`.
    ///   - lockState: the device's lock state for every request.
    ///   - source: how every request is invoked (App Intents need no Siri authorization).
    ///   - stepTimeout: the deadline of each step.
    /// - Throws: `HostError` (`.extensionFailed`) when the intents cannot be described or the
    ///   description is not usable (an App Shortcut running an intent not in `appIntents`). An
    ///   intent with a parameter App Intents cannot carry is described as unavailable, and a
    ///   request for it alone is refused.
    public init(appIntents: [any AppIntent.Type], shortcutsProvider: (any AppShortcutsProvider.Type)? = nil,
                lockState: LockState = .unlocked, source: InvocationSource = .direct, stepTimeout: Duration = .seconds(10)) async throws {
        let declaration = AppIntentsDeclaration(typeNames: appIntents.map { String(reflecting: $0) },
                                                shortcutsProvider: shortcutsProvider.map { String(reflecting: $0) })
        let module = String(declaration.typeNames.first?.split(separator: ".").first ?? "AppIntents")
        let bundle = ExtensionBundle(path: ExtensionBundle.inProcessPath, bundleIdentifier: "test.\(module)", displayName: module,
                                     principalClass: String(reflecting: INExtension.self), libraryPath: ExtensionBundle.inProcessPath,
                                     intentsSupported: [], appBundleIdentifier: "test", appIntents: declaration)
        try await self.init(bundle: bundle, principal: INExtension(), lockState: lockState, authorization: nil, source: source,
                            stepTimeout: stepTimeout)
    }

    /// A host for `bundle` served by `principal`, whose App Intents, if it declares any, are
    /// described first (on a channel of their own: the host's counts only its requests).
    init(bundle: ExtensionBundle, principal: INExtension, lockState: LockState, authorization: SiriAuthorization?,
         source: InvocationSource, stepTimeout: Duration) async throws {
        let channel = InProcessExtensionChannel(extension: principal, bundleIdentifier: bundle.bundleIdentifier)
        let metadata = bundle.appIntents.isEmpty ? nil
            : try await IntentDispatcher.describeAppIntents(bundle.appIntents, of: bundle, on: InProcessExtensionChannel(sharing: channel),
                                                            timeout: stepTimeout)
        try self.init(bundle: bundle, channel: channel, appIntents: metadata, lockState: lockState, authorization: authorization,
                      source: source, stepTimeout: stepTimeout)
    }
}
