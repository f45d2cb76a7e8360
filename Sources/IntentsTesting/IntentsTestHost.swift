import ExtensionProtocol
import ExtensionProcesses
import Foundation
// The host's types a test names (LockState, InvocationSource, HostError...) come with this module,
// as they did when they were all in IntentsHost.
@_exported import HostBundles
@_exported import HostPolicy
import Intents
@_exported import IntentsHost
import SystemCalls
import SystemStore

/// A host in a box for an extension author's tests: one extension, served in the test's own
/// process, in the lock state, Siri authorization and invocation source the test chooses, with
/// scripted answers. Requests go through the same routing, policy (`IntentPolicy`) and
/// conversation as `intents`.
///
///     let host = try await IntentsTestHost(infoPlist: "Info/GreeterIntents/Info.plist", extension: IntentHandler())
///     let result = try await host.send("GreetIntent", parameters: [("name", "Ada")])
///     #expect(result.code == "success")
///     #expect(result.outputs["greeting"] == .string("Hello, Ada!"))
public struct IntentsTestHost: Sendable {
    /// The host engine under test, as `intents` builds it: routing, policy and conversations. Use
    /// it for what `send` does not cover, such as `policyMatrix(checksAuthorization:)`.
    public let dispatcher: IntentDispatcher
    /// The extension as the host sees it: identifiers, `IntentsSupported`, lock restrictions and
    /// App Intents, read from the plist or made from this host's initializer.
    public let bundle: ExtensionBundle
    /// The device's lock state every request is judged in.
    public let lockState: LockState
    /// The app's Siri authorization; nil when it is not checked (tests of an extension's logic).
    public let authorization: SiriAuthorization?
    /// How every request is invoked: directly, from a voice shortcut or from an App Shortcut.
    public let source: InvocationSource
    let stepTimeout: Duration
    let channel: InProcessExtensionChannel
    /// The extension's App Intents as it described them in process; nil when it has none.
    let appIntentsMetadata: AppIntentsMetadata?

    /// A host for an extension declared here rather than by a plist.
    /// - Parameters:
    ///   - principal: the extension object, as `NSExtensionPrincipalClass` would make it.
    ///   - intents: the plist's `IntentsSupported`.
    ///   - restrictedWhileLocked: the plist's `IntentsRestrictedWhileLocked`.
    ///   - restrictedWhileProtectedDataUnavailable: the plist's `IntentsRestrictedWhileProtectedDataUnavailable`.
    ///   - lockState: the device's lock state for every request.
    ///   - authorization: the app's Siri authorization; nil to not check it.
    ///   - source: how every request is invoked.
    ///   - stepTimeout: the deadline of each step.
    /// - Throws: never for a SiriKit extension; declared for hosts built on this one.
    public init(extension principal: INExtension, supporting intents: [String], restrictedWhileLocked: [String] = [],
                restrictedWhileProtectedDataUnavailable: [String] = [], lockState: LockState = .unlocked,
                authorization: SiriAuthorization? = nil, source: InvocationSource = .direct,
                stepTimeout: Duration = .seconds(10)) throws {
        let bundle = ExtensionBundle(path: ExtensionBundle.inProcessPath, bundleIdentifier: "test.\(type(of: principal))",
                                     displayName: "\(type(of: principal))", principalClass: String(reflecting: type(of: principal)),
                                     libraryPath: ExtensionBundle.inProcessPath, intentsSupported: intents,
                                     restrictedWhileLocked: restrictedWhileLocked,
                                     restrictedWhileProtectedDataUnavailable: restrictedWhileProtectedDataUnavailable,
                                     appBundleIdentifier: "test")
        try self.init(bundle: bundle, channel: InProcessExtensionChannel(extension: principal, bundleIdentifier: bundle.bundleIdentifier),
                      appIntents: nil, lockState: lockState, authorization: authorization, source: source, stepTimeout: stepTimeout)
    }

    /// The one initializer the others end in: the catalog of one app holding `bundle`, served by `channel`.
    init(bundle: ExtensionBundle, channel: InProcessExtensionChannel, appIntents: AppIntentsMetadata?, lockState: LockState,
         authorization: SiriAuthorization?, source: InvocationSource, stepTimeout: Duration) throws {
        var catalog = BundleCatalog()
        catalog.apps = [AppBundle(path: ExtensionBundle.inProcessPath, bundleIdentifier: bundle.appBundleIdentifier ?? "test",
                                  displayName: bundle.displayName, extensions: [bundle])]
        catalog.index()
        var configuration = HostConfiguration(appsFolders: [], stateFolder: Self.unusedStateFolder(), runnerPath: "", stepTimeout: stepTimeout)
        configuration.lockStateOverride = lockState
        configuration.requiresSiriAuthorization = authorization != nil
        configuration.authorizationOverride = authorization
        let dispatcher = IntentDispatcher(configuration: configuration, catalog: catalog, supervisor: ExtensionSupervisor { _ in channel })
        if let appIntents { try dispatcher.learnAppIntents(appIntents, of: bundle) }
        self.dispatcher = dispatcher
        self.bundle = bundle
        self.channel = channel
        self.appIntentsMetadata = appIntents
        self.lockState = lockState
        self.authorization = authorization
        self.source = source
        self.stepTimeout = stepTimeout
    }

    /// A state folder of its own, never written: the lock state and authorization are chosen,
    /// not stored, and App Intents are learned in process, not cached.
    private static func unusedStateFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("intents-test-\(UUID().uuidString)").path
    }

    /// How many requests the extension received from this host: none when policy refused
    /// every request before any extension code ran.
    public var extensionRequestCount: Int { channel.requestCount }

    /// The same extension in another lock state, authorization and source: a new host, whose
    /// `extensionRequestCount` starts from zero.
    /// - Parameter context: a column of `intents policy`; a column not authorized stands for an
    ///   app whose authorization is not determined.
    public func with(_ context: PolicyContext) throws -> IntentsTestHost {
        try IntentsTestHost(bundle: bundle, channel: InProcessExtensionChannel(sharing: channel), appIntents: appIntentsMetadata,
                            lockState: context.lockState, authorization: context.authorized ? .authorized : .notDetermined,
                            source: context.source, stepTimeout: stepTimeout)
    }
}
