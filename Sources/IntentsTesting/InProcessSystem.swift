import Foundation
@_spi(InProcessSystem) import Intents
import Synchronization
import SystemCalls
import SystemStore

/// The system side of an app, in the test's own process: for unit tests of app code that
/// donates, sets vocabulary or shortcuts, or asks for Siri, with no server.
///
/// An app process sends its system calls to `intents serve`, which names the app from the
/// connection and is the one writer of the system store. A unit test runs in the test runner's
/// process, which is no installed app, so no server would take its calls; `install()` performs
/// them here instead, on the system store of the state folder `IntentsAppContext` names, for the
/// app bundle it names. `INPreferences.askUser` answers Siri requests.
///
/// ```swift
/// IntentsAppContext.configure(appBundle: "Info/MonkeyChat", stateFolder: temporaryFolder)
/// InProcessSystem.install()
/// try await interaction.donate()
/// ```
public enum InProcessSystem {
    /// The stores opened so far, by state folder: one connection each for the process.
    private static let stores = Mutex<[String: SystemStore]>([:])

    /// Performs this process's system calls here from now on (until `uninstall()`).
    public static func install() {
        IntentsAppContext.inProcessSystem = { call, app, stateFolder, decide in
            try perform(call, app: app, stateFolder: stateFolder, decide: decide)
        }
    }

    /// Sends this process's system calls to the server again.
    public static func uninstall() {
        IntentsAppContext.inProcessSystem = nil
    }

    private static func perform(_ call: SystemCall, app: IntentsAppContext.AppBundle, stateFolder: String,
                                decide: () -> SiriAuthorization) throws -> SystemCallResult {
        if case .appGroupContainer(let group) = call {
            guard let path = AppGroupFolders.prepare(group, entitlementsOf: app.path, stateFolder: stateFolder) else {
                throw SystemStoreError(.invalid, "\(app.bundleIdentifier) is not entitled to the app group \(group) (com.apple.security.application-groups in its entitlements), or its container cannot be made in \(stateFolder).")
            }
            return .path(path)
        }
        // A store's failure (`SystemStoreError`) reaches the app as `INIntentError` with the
        // call's code and the store's sentence, as a server's does.
        return try store(stateFolder).perform(call, app: app.bundleIdentifier, decide: decide)
    }

    private static func store(_ stateFolder: String) throws -> SystemStore {
        try stores.withLock { stores in
            if let store = stores[stateFolder] { return store }
            let store = try SystemStore(stateFolder: stateFolder)
            stores[stateFolder] = store
            return store
        }
    }
}
