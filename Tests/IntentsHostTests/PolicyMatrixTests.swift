@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import HostPolicy
@testable import IntentsHost
import SystemStore
import Testing

/// The policy matrix, and the dispatcher doing in every cell what the matrix says. Here the
/// extensions never start: a launch is recorded and fails, so that an allowed cell shows as
/// "reached the extension" and a refused one as a refusal before any launch.
/// (`PolicyMatrixSampleTests` does the same with the sample apps, real processes and the CLI.)
@Suite struct PolicyMatrixTests {
    let state = TemporaryFolder()

    /// Every rule has an intent here: a bank with SiriKit intents and a user activity, a vault
    /// with App Intents whose metadata is known, and a fresh extension whose metadata is not.
    /// The App Intents extensions have real libraries of their own (copies of two fixtures), as
    /// the host copies and hashes the library it runs.
    func catalog() throws -> BundleCatalog {
        let root = RealPath.of(state.path)!
        func extensionFolder(_ app: String, copying library: String, as name: String) throws -> (folder: String, library: String) {
            let folder = "\(root)/\(app).app/PlugIns/\(app)Intents.appex"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: folder + "/" + name) {
                try FileManager.default.copyItem(atPath: library, toPath: folder + "/" + name)
            }
            return (folder, folder + "/" + name)
        }
        func identity(_ path: String) throws -> String {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            defer { close(descriptor) }
            return try #require(LibraryIdentity.of(descriptor: descriptor))
        }
        let vaultFiles = try extensionFolder("Vault", copying: Package.library("FaultyIntents"), as: "libVault.so")
        let freshFiles = try extensionFolder("Fresh", copying: Package.library("EchoIntents"), as: "libFresh.so")
        let bank = ExtensionBundle(path: "/apps/Bank.app/PlugIns/BankIntents.appex", bundleIdentifier: "com.example.Bank.Intents",
                                   displayName: "Bank Intents", principalClass: "BankIntents.Handler", libraryPath: "/apps/libBank.so",
                                   intentsSupported: ["INSendPaymentIntent", "INSendMessageIntent", "INStartCallIntent", "ShowBalanceIntent"],
                                   restrictedWhileLocked: ["INSendMessageIntent"],
                                   restrictedWhileProtectedDataUnavailable: ["INStartCallIntent", "ShowBalanceIntent"],
                                   appBundleIdentifier: "com.example.Bank")
        let vault = ExtensionBundle(path: vaultFiles.folder, bundleIdentifier: "com.example.Vault.Intents",
                                    displayName: "Vault Intents", principalClass: "Intents.INExtension", libraryPath: vaultFiles.library,
                                    intentsSupported: [], appBundleIdentifier: "com.example.Vault", libraryIdentity: try identity(vaultFiles.library),
                                    appIntents: AppIntentsDeclaration(typeNames: ["VaultKit.OpenVaultIntent", "VaultKit.PeekIntent"],
                                                                      shortcutsProvider: "VaultKit.Shortcuts"))
        let fresh = ExtensionBundle(path: freshFiles.folder, bundleIdentifier: "com.example.Fresh.Intents",
                                    displayName: "Fresh Intents", principalClass: "Intents.INExtension", libraryPath: freshFiles.library,
                                    intentsSupported: [], appBundleIdentifier: "com.example.Fresh", libraryIdentity: try identity(freshFiles.library),
                                    appIntents: AppIntentsDeclaration(typeNames: ["FreshKit.BrewIntent"]))
        var catalog = BundleCatalog()
        catalog.apps = [
            AppBundle(path: "/apps/Bank.app", bundleIdentifier: "com.example.Bank", displayName: "Bank", alternativeNames: ["Piggy"],
                      siriUsageDescription: "Pay by voice.", userActivityTypes: ["com.example.bank.statement"], extensions: [bank]),
            AppBundle(path: root + "/Vault.app", bundleIdentifier: "com.example.Vault", displayName: "Vault", extensions: [vault]),
            AppBundle(path: root + "/Fresh.app", bundleIdentifier: "com.example.Fresh", displayName: "Fresh", extensions: [fresh]),
        ]
        catalog.index()
        return catalog
    }

    static let vaultMetadata = AppIntentsMetadata(
        intents: [AppIntentSchema(name: "OpenVaultIntent", typeName: "VaultKit.OpenVaultIntent", title: "Open Vault",
                                  authenticationPolicy: .requiresAuthentication),
                  AppIntentSchema(name: "PeekIntent", typeName: "VaultKit.PeekIntent", title: "Peek")],
        shortcuts: [AppShortcutSchema(intent: "VaultKit.OpenVaultIntent", phrases: ["Open ${applicationName}"])])

    /// A host judging requests in `context`'s lock state and authorization, whose launches are counted.
    func dispatcher(_ catalog: BundleCatalog, lockState: LockState = .unlocked, authorized: Bool = true,
                    launches: LaunchCounter) -> IntentDispatcher {
        var configuration = HostConfiguration(appsFolders: [], stateFolder: state.path, runnerPath: "")
        configuration.lockStateOverride = lockState
        configuration.authorizationOverride = authorized ? .authorized : .notDetermined
        let supervisor = ExtensionSupervisor { launch in
            launches.record(launch.bundle.bundleIdentifier)
            throw HostError(.extensionFailed, "launched \(launch.bundle.bundleIdentifier)")
        }
        let dispatcher = IntentDispatcher(configuration: configuration, catalog: catalog, supervisor: supervisor)
        let vault = catalog.apps[1].extensions[0]
        let hash = try! LibraryContentHash.of(vault.libraryPath)
        dispatcher.rememberAppIntents(Self.vaultMetadata, key: IntentDispatcher.metadataKey(of: vault, hash: hash),
                                      identity: IntentDispatcher.identityKey(of: vault), libraryHash: hash)
        return dispatcher
    }

    @Test func theDispatcherDoesWhatTheMatrixSaysInEveryCell() async throws {
        let catalog = try catalog()
        let launches = LaunchCounter()
        let matrix = try dispatcher(catalog, launches: launches).policyMatrix()
        #expect(matrix.rows.map(\.intent) == ["INSendPaymentIntent", "INSendMessageIntent", "INStartCallIntent", "ShowBalanceIntent",
                                              "com.example.bank.statement", "OpenVaultIntent", "PeekIntent", "BrewIntent"])
        #expect(launches.count == 0, "computing the matrix started an extension")
        var checked = 0
        for row in matrix.rows {
            for cell in row.cells where cell.verdict != .notApplicable {
                let host = dispatcher(catalog, lockState: cell.context.lockState, authorized: cell.context.authorized, launches: launches)
                let before = launches.count
                let error = await #expect(throws: HostError.self) {
                    if row.kind == .userActivity {
                        _ = try await host.continueActivity(UserActivityPayload(activityType: row.intent), in: row.app!)
                    } else {
                        _ = try await host.send(row.intent, parameters: [], typed: [:], app: row.app?.bundleIdentifier,
                                                user: NonInteractiveUser(), source: cell.context.source)
                    }
                }
                let place = "\(row.intent) in \(cell.context)"
                switch cell.verdict {
                case .allowed where row.kind == .userActivity:
                    // Past the gate: the app has no executable to start.
                    #expect(error?.code == .noExtension, "\(place): \(error?.message ?? "")")
                case .allowed:
                    #expect(error?.code == .extensionFailed, "\(place): \(error?.message ?? "")")
                    #expect(launches.count == before + 1, "\(place) did not reach the extension")
                case .refused:
                    #expect(error?.code == .refusedByPolicy, "\(place): \(error?.message ?? "")")
                    #expect(error?.policyRule == cell.rule, "\(place)")
                    #expect(error?.message == cell.reason, "\(place)")
                    #expect(launches.count == before, "\(place) started an extension although refused")
                case .notApplicable:
                    break
                }
                checked += 1
            }
        }
        // 4 SiriKit rows x 18 cells (direct, voice shortcut, agent), the activity's 6 continuation
        // cells, 2 known App Intents x 12 direct and agent cells + 6 App Shortcut cells for the one a
        // shortcut runs, and the unknown one's 12 direct and agent cells.
        #expect(checked == 4 * 18 + 6 + 2 * 12 + 6 + 12)
    }

    @Test func eachRuleDecidesTheCellsItShould() throws {
        let matrix = try dispatcher(try catalog(), launches: LaunchCounter()).policyMatrix()
        func rules(_ intent: String, _ source: InvocationSource, authorized: Bool = true) -> [String] {
            let row = matrix.rows.first { $0.intent == intent }
            return LockState.allCases.map { state in
                let cell = row?.cell(PolicyContext(lockState: state, authorized: authorized, source: source))
                return cell.map { $0.rule?.rawValue ?? $0.verdict.rawValue } ?? "missing"
            }
        }
        #expect(rules("INSendPaymentIntent", .direct) == ["allowed", "always-restricted", "always-restricted"])
        #expect(rules("INSendPaymentIntent", .direct, authorized: false) == ["not-authorized", "always-restricted", "always-restricted"])
        // A voice shortcut needs no Siri authorization.
        #expect(rules("INSendPaymentIntent", .voiceShortcut, authorized: false) == ["allowed", "always-restricted", "always-restricted"])
        #expect(rules("INSendMessageIntent", .direct) == ["allowed", "restricted-while-locked", "restricted-while-locked"])
        #expect(rules("INStartCallIntent", .direct) == ["allowed", "allowed", "restricted-while-protected-data-unavailable"])
        // A custom intent needs no authorization either.
        #expect(rules("ShowBalanceIntent", .direct, authorized: false) == ["allowed", "allowed", "restricted-while-protected-data-unavailable"])
        #expect(rules("ShowBalanceIntent", .appShortcut) == ["not-applicable", "not-applicable", "not-applicable"])
        #expect(rules("OpenVaultIntent", .direct, authorized: false) == ["allowed", "authentication-policy", "authentication-policy"])
        #expect(rules("OpenVaultIntent", .appShortcut) == ["allowed", "authentication-policy", "authentication-policy"])
        #expect(rules("OpenVaultIntent", .voiceShortcut) == ["not-applicable", "not-applicable", "not-applicable"])
        #expect(rules("PeekIntent", .direct) == ["allowed", "allowed", "allowed"])
        #expect(rules("PeekIntent", .appShortcut) == ["not-applicable", "not-applicable", "not-applicable"])
        #expect(rules("BrewIntent", .direct) == ["allowed", "app-intents-unknown", "app-intents-unknown"])
        let brew = matrix.rows.first { $0.intent == "BrewIntent" }?.cell(PolicyContext(lockState: .unlocked, authorized: true, source: .appShortcut))
        #expect(brew?.reason == "the extension's App Shortcuts are not known yet")
        // An activity continuation starts the app: only while unlocked, authorized to use Siri or not.
        #expect(rules("com.example.bank.statement", .activityContinuation) == ["allowed", "opens-app-while-locked", "opens-app-while-locked"])
        #expect(rules("com.example.bank.statement", .activityContinuation, authorized: false) == ["allowed", "opens-app-while-locked", "opens-app-while-locked"])
        for source in [InvocationSource.direct, .voiceShortcut, .appShortcut] {
            #expect(rules("com.example.bank.statement", source) == ["not-applicable", "not-applicable", "not-applicable"])
        }
        #expect(rules("INSendPaymentIntent", .activityContinuation) == ["not-applicable", "not-applicable", "not-applicable"])
        #expect(rules("OpenVaultIntent", .activityContinuation) == ["not-applicable", "not-applicable", "not-applicable"])
    }

    @Test func namesSelectAppsExtensionsAndIntents() throws {
        let matrix = try dispatcher(try catalog(), launches: LaunchCounter()).policyMatrix()
        #expect(try matrix.selecting(["piggy"]).rows.count == 5)
        #expect(try matrix.selecting(["com.example.Vault.Intents", "BrewIntent"]).rows.map(\.intent) == ["OpenVaultIntent", "PeekIntent", "BrewIntent"])
        #expect(try matrix.selecting([]).rows.count == 8)
        #expect(try matrix.selecting(["com.example.bank.statement"]).rows.map(\.kind) == [.userActivity])
        let error = #expect(throws: HostError.self) { try matrix.selecting(["Vault", "Nothing\u{1b}[31m"]) }
        #expect(error?.code == .usage)
        #expect(error?.message == "No installed app, extension or intent is named \"Nothing\\u{1b}[31m\"; `intents apps` lists them.")
    }
}

/// Which extensions a supervisor was asked to launch.
final class LaunchCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var launched: [String] = []

    func record(_ identifier: String) { lock.withLock { launched.append(identifier) } }
    var count: Int { lock.withLock { launched.count } }
}
