import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import SystemStore

/// The policy matrix for 1,000 installed extensions, as `intents policy` computes it in a fresh
/// process: each extension supports three SiriKit intents (one restricted while locked, one
/// always restricted, one custom and restricted before the first unlock), and one in four also
/// has two App Intents whose metadata is read from the system store's cache (a real SQLite
/// file), as a fresh host reads it. The floor decides the same cells with no policy at all:
/// one set lookup per cell.
enum PolicyBenchmark {
    static let extensions = 1_000, appIntentsEvery = 4

    static func run(iterations: Int, folder: String) throws -> [Figure] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try SystemStore(stateFolder: folder)
        var catalog = BundleCatalog()
        for number in 0..<extensions {
            let custom = "Custom\(number)Intent"
            let hasAppIntents = number % appIntentsEvery == 0
            let types = hasAppIntents ? ["Kit\(number).OpenIntent", "Kit\(number).PeekIntent"] : []
            let bundle = ExtensionBundle(path: "/apps/a\(number).app/PlugIns/I.appex", bundleIdentifier: "com.example.a\(number).Intents",
                                         displayName: "I", principalClass: "I.Handler", libraryPath: "/apps/a\(number)/lib.so",
                                         intentsSupported: ["INSendMessageIntent", "INSendPaymentIntent", custom],
                                         restrictedWhileLocked: ["INSendMessageIntent"], restrictedWhileProtectedDataUnavailable: [custom],
                                         appBundleIdentifier: "com.example.a\(number)", libraryIdentity: "library-\(number)",
                                         appIntents: AppIntentsDeclaration(typeNames: types))
            catalog.apps.append(AppBundle(path: "/apps/a\(number).app", bundleIdentifier: "com.example.a\(number)",
                                          displayName: "App \(number)", siriUsageDescription: "Yes.", extensions: [bundle]))
            if hasAppIntents {
                let metadata = AppIntentsMetadata(intents: [
                    AppIntentSchema(name: "OpenIntent", typeName: types[0], title: "Open", authenticationPolicy: .requiresAuthentication),
                    AppIntentSchema(name: "PeekIntent", typeName: types[1], title: "Peek"),
                ])
                try store.saveAppIntentsMetadata(metadata, libraryHash: "hash-\(number)", identity: "library-\(number)")
            }
        }
        catalog.index()
        let configuration = HostConfiguration(appsFolders: [], stateFolder: folder, runnerPath: "")
        var rows = 0
        let seconds = try timedSync(iterations) {
            // A fresh host, as a command has: App Intents come from the store, not from memory.
            let dispatcher = IntentDispatcher(configuration: configuration, catalog: catalog,
                                              supervisor: ExtensionSupervisor { _ in throw HostError(.badState, "No extension runs here.") })
            rows = try dispatcher.policyMatrix().rows.count
        }
        let expectedRows = extensions * 3 + (extensions / appIntentsEvery) * 2
        guard rows == expectedRows else {
            throw HostError(.badState, "The policy benchmark computed \(rows) rows instead of \(expectedRows).")
        }
        // The floor: the same cells, each decided by one lookup.
        let restricted: Set<String> = ["INSendMessageIntent", "INSendPaymentIntent"]
        let names = catalog.extensions.flatMap { $0.intentsSupported + $0.appIntents.names }
        var refusedCount = 0
        let floor = try timedSync(iterations) {
            refusedCount = 0
            for name in names {
                for _ in PolicyContext.all where restricted.contains(name) { refusedCount += 1 }
            }
        }
        guard refusedCount > 0 else { throw HostError(.badState, "The policy floor decided nothing.") }
        return [Figure(name: "policy matrix, 1,000 extensions (\(rows) rows)", value: seconds, unit: .seconds,
                       floorName: "a lookup per cell", floor: floor, target: .absolute(0.1),
                       note: "\(rows * PolicyContext.all.count) cells; App Intents of \(extensions / appIntentsEvery) read from the store")]
    }
}
