import ExtensionProtocol
import Foundation
import Intents
import IntentsHost

/// A host in a box for extension authors' tests: one extension, served in process, with
/// scripted answers and a lock state. The same routing, lock policy and conversation as
/// `intents`; Siri authorization is not asked for (no app bundle, no user to ask).
///
///     let host = try IntentsTestHost(extension: IntentHandler(), supporting: ["OrderPizzaIntent"])
///     let result = try await host.send(intent, answers: ["2"])
///     #expect(result.outcome.response.codeName == "success")
public struct IntentsTestHost: Sendable {
    public let dispatcher: IntentDispatcher
    public let bundle: ExtensionBundle

    /// - Parameters:
    ///   - supporting: the plist's `IntentsSupported`.
    ///   - restrictedWhileLocked: the plist's `IntentsRestrictedWhileLocked`.
    ///   - lockState: the device's lock state for every `send`.
    ///   - stepTimeout: the deadline of each step.
    public init(extension principal: INExtension, supporting intents: [String], restrictedWhileLocked: [String] = [],
                restrictedWhileProtectedDataUnavailable: [String] = [], lockState: LockState = .unlocked,
                stepTimeout: Duration = .seconds(10)) throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("intents-test-\(UUID().uuidString)").path
        try LockStateStore(stateFolder: state).save(lockState)
        let bundle = ExtensionBundle(path: "(in process)", bundleIdentifier: "test.\(type(of: principal))",
                                     displayName: "\(type(of: principal))", principalClass: String(reflecting: type(of: principal)),
                                     libraryPath: "(in process)", intentsSupported: intents,
                                     restrictedWhileLocked: restrictedWhileLocked,
                                     restrictedWhileProtectedDataUnavailable: restrictedWhileProtectedDataUnavailable,
                                     appBundleIdentifier: "test")
        var catalog = BundleCatalog()
        catalog.apps = [AppBundle(path: "(in process)", bundleIdentifier: "test", displayName: "Test", alternativeNames: [],
                                  siriUsageDescription: nil, userActivityTypes: [], extensions: [bundle])]
        catalog.index()
        let channel = InProcessExtensionChannel(extension: principal, bundleIdentifier: bundle.bundleIdentifier)
        let supervisor = ExtensionSupervisor { _ in channel }
        self.bundle = bundle
        var configuration = HostConfiguration(appsFolders: [], stateFolder: state, runnerPath: "", stepTimeout: stepTimeout)
        configuration.requiresSiriAuthorization = false
        self.dispatcher = IntentDispatcher(configuration: configuration, catalog: catalog, supervisor: supervisor)
    }

    /// Runs `intent` through resolve, confirm and handle, answering questions from `answers`.
    /// - Throws: `HostError`, as `IntentDispatcher.send`.
    public func send(_ intent: INIntent, answers: [String] = [], agreesToSystemConfirmation: Bool = true) async throws -> SendResult {
        try await dispatcher.send(intent.payload, user: ScriptedUser(answers: answers, agreesToSystemConfirmation: agreesToSystemConfirmation))
    }

    /// Runs an intent given by name with text parameters, as the command line gives them.
    public func send(_ intent: String, parameters: [(name: String, value: String)], answers: [String] = [],
                     agreesToSystemConfirmation: Bool = true) async throws -> SendResult {
        try await dispatcher.send(intent, parameters: parameters,
                                  user: ScriptedUser(answers: answers, agreesToSystemConfirmation: agreesToSystemConfirmation))
    }
}
