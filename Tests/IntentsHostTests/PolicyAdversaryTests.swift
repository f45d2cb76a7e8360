import ExtensionProtocol
import Foundation
@testable import IntentsHost
import SystemStore
import Testing

/// Hostile bundles and states against `intents policy` and the one decision it shares with the
/// dispatcher (`IntentPolicy`). Each test asserts what should hold and prints what it measured.
@Suite struct PolicyAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    /// An app with App Intents whose metadata is not cached yet, and whose library is a real ELF
    /// library made sparse to 256 GiB (`truncate`; it takes no disk). `intents policy` runs no
    /// extension, yet to look up the cache it hashes the whole library (LibraryContentHash reads
    /// every byte, with no limit on the size): 8 GiB took 72 s, so 256 GiB takes about 40 min.
    /// It should read a bounded amount (or refuse such a library in one sentence) and end.
    @Test func policyReadsABoundedAmountOfAHostileLibrary() async throws {
        try writer.app("Big", identifier: "com.example.Big")
        let appex = try writer.appex("BigIntents", in: "Big", identifier: "com.example.Big.Intents", principalClass: "Kit.Extension",
                                     intents: [], library: nil) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            nsExtension["NSExtensionAttributes"] = ["AppIntents": ["Kit.StartIntent"], "AppShortcutsProvider": "Kit.Shortcuts"]
            plist["NSExtension"] = nsExtension
        }
        let library = appex + "/libBigIntents.so"
        try FileManager.default.copyItem(atPath: Package.library("EchoIntents"), toPath: library)
        let apparent: Int64 = 256 << 30
        #expect(truncate(library, off_t(apparent)) == 0)
        let deadline = 60.0
        let run = try await runCLIWithDeadline(["policy", "--apps", apps.path, "--state", state.path], home: state.path, deadline: deadline)
        print("policy on a \(apparent >> 30) GiB sparse library: finished \(run.finished) after \(run.seconds) s, read \(run.bytesRead >> 20) MiB, status \(run.status)")
        #expect(run.finished, "intents policy ran \(Int(run.seconds)) s and read \(run.bytesRead >> 20) MiB of a sparse library without ending")
        #expect(run.bytesRead < 256 << 20, "intents policy read \(run.bytesRead >> 20) MiB to show one row")
}
