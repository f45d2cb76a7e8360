import Foundation
import IntentsHost
import Testing

/// A third party's extension in its own SwiftPM package (Tests/Fixtures/ThirdPartyExtension),
/// built, bundled and run by the steps of the README's "Writing an extension".
@Suite struct ThirdPartyExtensionTests {
    let fixture = Package.root + "/Tests/Fixtures/ThirdPartyExtension"
    let apps = TemporaryFolder()

    func shell(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runProgram("/usr/bin/env", arguments)
    }

    @Test func extensionBuiltInItsOwnPackageIsBundledAndRuns() async throws {
        // Step 1: build the package (its own scratch folder keeps reruns incremental).
        let scratch = Package.root + "/.build-fixtures/ThirdPartyExtension"
        let build = try await shell(["swift", "build", "--package-path", fixture, "--scratch-path", scratch])
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")

        // Step 2: lay out Greeter.app/PlugIns/GreeterIntents.appex with the plists and the library.
        let appex = apps.path + "/Greeter.app/PlugIns/GreeterIntents.appex"
        try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture + "/Info/Greeter/Info.plist", toPath: apps.path + "/Greeter.app/Info.plist")
        try FileManager.default.copyItem(atPath: fixture + "/Info/GreeterIntents/Info.plist", toPath: appex + "/Info.plist")
        try FileManager.default.copyItem(atPath: scratch + "/debug/libGreeterIntents.so", toPath: appex + "/libGreeterIntents.so")

        // Step 3: validate, then send an intent through it.
        let validate = try await shell([Package.cli, "validate", apps.path + "/Greeter.app"])
        #expect(validate.status == 0, "\(validate.output)")
        let state = TemporaryFolder()
        let send = try await shell([Package.cli, "--apps", apps.path, "--state", state.path, "send", "GreetIntent",
                              "--param", "name=Ada", "--json"])
        #expect(send.status == 0, "\(send.output)")
        #expect(send.output.contains(#""output":{"greeting":"Hello, Ada!"}"#))
        #expect(send.output.contains(#""extension":"org.thirdparty.Greeter.Intents""#))
    }
}
