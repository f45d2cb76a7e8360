import Foundation

extension ExtensionBundle {
    /// What stands for the folder and the library of an extension whose code runs in the
    /// caller's own process.
    public static let inProcessPath = "(in process)"

    /// The extension that `infoPlist` declares, checked as `intents validate` checks it, for an
    /// extension whose code runs in the caller's own process (`IntentsTesting`): no library is
    /// looked for, and `libraryPath` is `inProcessPath`.
    /// - Throws: `BundleFault` naming the file, the key at fault and its value.
    public static func inProcess(infoPlist: String) throws -> ExtensionBundle {
        try ExtensionBundleReader.read(at: (infoPlist as NSString).deletingLastPathComponent, appBundleIdentifier: nil,
                                       inProcess: infoPlist)
    }
}
