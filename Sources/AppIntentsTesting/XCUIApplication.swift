import BundleLayout
import Foundation
import Testing

/// Linux stand-in for XCTest's `XCUIApplication`, which Apple's article launches before it
/// builds `IntentDefinitions`. There is no app to launch on Linux: `launch()` only checks that
/// the app is installed in the test's host, and records an issue (Swift Testing) or writes a
/// line to standard error (elsewhere) when it is not. A run needs no launch.
open class XCUIApplication: @unchecked Sendable {
    /// The app's bundle identifier; nil for the test's target application, which Linux has no notion of.
    public let bundleIdentifier: String?

    public init() {
        bundleIdentifier = nil
    }

    public init(bundleIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
    }

    /// Checks that the app is installed (when a bundle identifier names it): that a bundle of
    /// the test's apps folders has it as its `CFBundleIdentifier`. Launches nothing.
    open func launch() {
        guard let bundleIdentifier else { return }
        let problem: String?
        do {
            let folders = try HostUnderTest.scoped?.core.appsFolders ?? ScratchBundles.appsFolders(HostUnderTest.Options())
            problem = Self.isInstalled(bundleIdentifier, in: folders) ? nil
                : "XCUIApplication(bundleIdentifier: \"\(bundleIdentifier)\").launch(): no app with that bundle identifier is in \(folders.joined(separator: ":"))."
        } catch {
            problem = "XCUIApplication(bundleIdentifier: \"\(bundleIdentifier)\").launch(): \(error)"
        }
        guard let problem else { return }
        if Test.current != nil {
            Issue.record(Comment(rawValue: problem))
        } else {
            FileHandle.standardError.write(Data((problem + "\n").utf8))
        }
    }

    /// Does nothing: no app runs on Linux.
    open func terminate() {}

    private static func isInstalled(_ bundleIdentifier: String, in folders: [String]) -> Bool {
        folders.contains { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.contains { name in
                guard name.hasSuffix(".app"), let data = DevelopmentBundles.regularFileContents("\(folder)/\(name)/Info.plist", limit: 1 << 20),
                      let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return false }
                return plist["CFBundleIdentifier"] as? String == bundleIdentifier
            }
        }
    }
}
