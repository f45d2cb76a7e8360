import ExtensionProtocol
import Foundation
import SystemCalls

/// The app this process is, as the system sees it: on Apple's systems, `Bundle.main`.
///
/// Donations, vocabulary, shortcuts and authorization belong to an app. The SDK finds this
/// process's app bundle, in order: `INTENTS_APP_BUNDLE`; the folder of the executable when it is
/// an `.app`; an `.app` whose `CFBundleExecutable` is this executable's name, in the apps folders
/// (`INTENTS_APPS`, `<state>/Apps`, `Apps` beside the executable); an `Info/<App>` folder of the
/// source tree the executable was built from. `configure(appBundle:stateFolder:)` overrides both.
public enum IntentsAppContext {
    /// What the SDK needs of the app's `Info.plist`.
    public struct AppBundle: Sendable, Hashable {
        /// The `.app` folder, as found (or as `INTENTS_APP_BUNDLE` or `configure(appBundle:)` gave it).
        public var path: String
        /// `CFBundleIdentifier`, which keys everything the system stores for the app.
        public var bundleIdentifier: String
        /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name without `.app`: what
        /// the Siri authorization question calls the app.
        public var displayName: String
        /// `NSUserActivityTypes`: the only activity types `NSUserActivity.becomeCurrent()` donates.
        public var userActivityTypes: [String]
        /// `NSSiriUsageDescription`, the reason shown when the app asks for Siri; without it,
        /// `INPreferences.requestSiriAuthorization` refuses to ask.
        public var siriUsageDescription: String?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var explicitBundle: String?
    nonisolated(unsafe) private static var explicitState: String?
    nonisolated(unsafe) private static var installedSystem: InProcessSystem?
    nonisolated(unsafe) static var isExtension = false

    /// Names this process's app bundle and state folder instead of finding them.
    public static func configure(appBundle: String?, stateFolder: String? = nil) {
        lock.withLock {
            explicitBundle = appBundle
            explicitState = stateFolder
        }
    }

    /// Performs one system call of `app` (`CFBundleIdentifier`, bundle folder) on the state
    /// folder's system, in this process; `decide` is the user's answer to a Siri request.
    public typealias InProcessSystem = @Sendable (_ call: SystemCall, _ app: AppBundle, _ stateFolder: String,
                                                  _ decide: () -> SiriAuthorization) throws -> SystemCallResult

    /// The system that performs this process's system calls instead of a server, for unit tests
    /// of app code: `IntentsTesting`'s `InProcessSystem.install()` sets it. Nil (the default):
    /// every call goes to `intents serve`, which is then the one writer of the system store.
    @_spi(InProcessSystem) public static var inProcessSystem: InProcessSystem? {
        get { lock.withLock { installedSystem } }
        set { lock.withLock { installedSystem = newValue } }
    }

    /// Whether this process is an app the host started confined (`INTENTS_SANDBOXED=1`, set by
    /// the host): then no system store is within its reach, only the server's socket.
    static var isSandboxed: Bool {
        ProcessInfo.processInfo.environment["INTENTS_SANDBOXED"] == "1"
    }

    /// The state folder: the configured one, else `INTENTS_STATE`, `$XDG_STATE_HOME/intents`, `~/.local/state/intents`.
    public static var stateFolder: String {
        lock.withLock { explicitState } ?? StateFolder.path()
    }

    /// This process's app.
    /// - Throws: `INIntentError`: `.noAppAvailable` saying where the SDK looked;
    ///   `.interactionOperationNotSupported` inside an extension process.
    public static func app() throws -> AppBundle {
        if isExtension {
            throw INIntentError(.interactionOperationNotSupported, "This is an extension process; donations, vocabulary and authorization belong to its app.")
        }
        let environment = ProcessInfo.processInfo.environment
        if let path = lock.withLock({ explicitBundle }) ?? environment["INTENTS_APP_BUNDLE"] {
            return try read(path)
        }
        let executable = (CommandLine.arguments.first ?? "")
        let folder = (executable as NSString).deletingLastPathComponent
        if folder.hasSuffix(".app") { return try read(folder) }
        let name = (executable as NSString).lastPathComponent
        // The build's folder, where the app runs from its products; none when its path is not
        // UTF-8 (decoded, it would name a look-alike folder).
        let ownFolder = ThisExecutable.folder() ?? (ThisExecutable.isInFolderNotUTF8 ? nil : (executable as NSString).deletingLastPathComponent)
        var searched = (environment["INTENTS_APPS"] ?? "").split(separator: ":").map(String.init)
        searched += [stateFolder + "/Apps"] + (ownFolder.map { [$0 + "/Apps"] } ?? [])
        for appsFolder in searched {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: appsFolder).sorted()) ?? [] where entry.hasSuffix(".app") {
                if let app = try? read(appsFolder + "/" + entry), executableName(of: app.path) == name { return app }
            }
        }
        var tree = ownFolder ?? ""
        while tree != "/" && !tree.isEmpty {
            let info = tree + "/Info"
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: info).sorted()) ?? [] {
                if executableName(of: info + "/" + entry) == name, let app = try? read(info + "/" + entry) { return app }
            }
            tree = (tree as NSString).deletingLastPathComponent
        }
        throw INIntentError(.noAppAvailable, "No app bundle has CFBundleExecutable \"\(name)\" (looked in \(searched.joined(separator: ", ")) and Info/ above the executable); set INTENTS_APP_BUNDLE to this app's .app folder.")
    }

    /// Runs one of Apple's calls that cannot throw: a failure is written to standard error
    /// after `label`, as Apple's systems log it.
    static func logFailure(_ label: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            FileHandle.standardError.write(Data("\(label): \(error)\n".utf8))
        }
    }

    private static func plist(_ folder: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: folder + "/Info.plist") else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
    }

    private static func executableName(of folder: String) -> String? {
        plist(folder)?["CFBundleExecutable"] as? String
    }

    private static func read(_ folder: String) throws -> AppBundle {
        guard let plist = plist(folder) else {
            throw INIntentError(.noAppAvailable, "The app bundle \(folder) has no readable Info.plist.")
        }
        guard let identifier = plist["CFBundleIdentifier"] as? String, !identifier.isEmpty else {
            throw INIntentError(.noAppAvailable, "\(folder)/Info.plist has no CFBundleIdentifier.")
        }
        let name = plist["CFBundleDisplayName"] as? String ?? plist["CFBundleName"] as? String
            ?? ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
        return AppBundle(path: folder, bundleIdentifier: identifier, displayName: name,
                         userActivityTypes: plist["NSUserActivityTypes"] as? [String] ?? [],
                         siriUsageDescription: plist["NSSiriUsageDescription"] as? String)
    }
}
