import Foundation
import HostBundles
import HostPolicy
import Intents
import IntentsHost
import SystemCalls
import SystemStore

extension IntentsTestHost {
    /// A host for the extension an `Info.plist` declares (its intents, their lock restrictions,
    /// its App Intents and App Shortcuts provider), read and checked as `intents validate`
    /// reads it: the policy under test is the one the plist ships.
    ///
    ///     let host = try await IntentsTestHost(infoPlist: "Info/PhoneIntents/Info.plist", extension: IntentHandler(),
    ///                                          lockState: .locked, authorization: .authorized)
    ///
    /// - Parameters:
    ///   - infoPlist: the extension's plist: an absolute path, or one relative to the package
    ///     of the test (the nearest folder above `filePath` holding a `Package.swift`).
    ///   - principal: an instance of the plist's `NSExtensionPrincipalClass`; left out for an
    ///     extension with only App Intents.
    ///   - lockState: the device's lock state for every request.
    ///   - authorization: the app's Siri authorization; nil to not check it.
    ///   - source: how every request is invoked.
    ///   - stepTimeout: the deadline of each step.
    ///   - filePath: where a relative `infoPlist` is resolved from; leave it to its default,
    ///     the calling test file.
    /// - Throws: `BundleFault` for a plist `intents validate` refuses; `HostError`: `.usage`
    ///   when `principal` is not of the class the plist names, and as `init(appIntents:...)`.
    public init(infoPlist: String, extension principal: INExtension? = nil, lockState: LockState = .unlocked,
                authorization: SiriAuthorization? = nil, source: InvocationSource = .direct, stepTimeout: Duration = .seconds(10),
                filePath: String = #filePath) async throws {
        let bundle = try ExtensionBundle.inProcess(infoPlist: Self.resolve(infoPlist, packageOf: filePath))
        let principal = principal ?? INExtension()
        let given = String(reflecting: type(of: principal))
        guard given == bundle.principalClass else {
            throw HostError(.usage, "\(infoPlist) names \(bundle.principalClass) as NSExtensionPrincipalClass, but the test host was given \(given == String(reflecting: INExtension.self) ? "no extension" : given).")
        }
        try await self.init(bundle: bundle, principal: principal, lockState: lockState, authorization: authorization, source: source,
                            stepTimeout: stepTimeout)
    }

    /// `path` made absolute against the package holding `filePath`, else the current folder.
    static func resolve(_ path: String, packageOf filePath: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var folder = (filePath as NSString).deletingLastPathComponent
        while folder.count > 1 {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder + "/" + path }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
