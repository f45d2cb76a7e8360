@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import IntentsHost
import Testing

/// An app the host continues runs confined, as an extension does, against the real kernel:
/// the continuation probe (`Tests/Fixtures/ContinuationProbe`) tries what the activity's user
/// info lists and prints what happened, beside an installed app of another developer whose
/// container, app group and bundle hold a secret.
@Suite struct ActivityContinuationSandboxTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    static let activityType = "com.example.probe.run"
    static let secret = "the other app's secret 5150"

    /// Where things are once `install()` has run.
    struct Installed {
        var dispatcher: IntentDispatcher
        var probe: AppBundle
        var layout: ContainerLayout
        /// Other.app's folder, its container and its app group's container, each with `secret.txt`.
        var otherBundle: String
        var otherContainer: String
        var otherGroup: String
        var probeContainer: String
        var probeGroup: String
    }

    /// Probe.app (the probe, entitled to group.com.example.probe) and Other.app (a script,
    /// entitled to group.com.example.other), with Other's secrets in place.
    func install() async throws -> Installed {
        let writer = BundleWriter(appsFolder: apps.path)
        let probe = try writer.app("Probe", identifier: "com.example.Probe",
                                   extra: ["CFBundleExecutable": "continuation-probe", "NSUserActivityTypes": [Self.activityType]])
        try DevelopmentBundles.place(Package.products + "/continuation-probe", at: probe + "/continuation-probe")
        try writer.write(["com.apple.security.application-groups": ["group.com.example.probe"]], to: probe + "/Probe.entitlements", format: .xml)
        let other = try writer.app("Other", identifier: "com.example.Other",
                                   extra: ["CFBundleExecutable": "other", "NSUserActivityTypes": ["com.example.other.run"]])
        try await PolicyGateTests.writeExecutable("#!/bin/sh\necho other ran\n", to: other + "/other")
        try writer.write(["com.apple.security.application-groups": ["group.com.example.other"]], to: other + "/Other.entitlements", format: .xml)
        let layout = try ContainerLayout(resolving: state.path)
        let otherContainer = try layout.prepareContainer(for: "com.example.Other")
        let otherGroup = try layout.prepareAppGroupContainer("group.com.example.other")
        for folder in [other, otherContainer, otherGroup] {
            try Self.secret.write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
        }
        let dispatcher = makeDispatcher([apps.path], state: state, stepTimeout: .seconds(30))
        let app = try #require(dispatcher.catalog.apps.first { $0.bundleIdentifier == "com.example.Probe" }, "\(dispatcher.catalog.faults)")
        return Installed(dispatcher: dispatcher, probe: app, layout: layout, otherBundle: RealPath.of(other) ?? other,
                         otherContainer: otherContainer, otherGroup: otherGroup,
                         probeContainer: layout.container(for: "com.example.Probe"), probeGroup: layout.appGroupContainer("group.com.example.probe"))
    }

    static func activity(_ steps: [String]) -> UserActivityPayload {
        UserActivityPayload(activityType: activityType, userInfo: ["steps": .list(steps.map { .string($0) })])
    }

    /// What the probe said of each step (`STEP -> OUTCOME`).
    static func results(_ outcome: ActivityContinuation.Outcome) -> [String: String] {
        var results: [String: String] = [:]
        for line in outcome.output.split(separator: "\n") {
            let parts = line.components(separatedBy: " -> ")
            if parts.count == 2 { results[parts[0]] = parts[1] }
        }
        return results
    }

    /// Continues the probe through the host's dispatcher, its output captured.
    func continueProbe(_ steps: [String], _ installed: Installed) async throws -> (results: [String: String], outcome: ActivityContinuation.Outcome) {
        let outcome = try await installed.dispatcher.continueActivity(Self.activity(steps), in: installed.probe, capturingOutput: true)
        return (Self.results(outcome), outcome)
    }

    /// The acceptance test: another app's container (and app group, and bundle) stays closed.
    @Test func anAppContinuedByTheHostCannotReadAnotherAppsContainer() async throws {
        let installed = try await install()
        _ = try installed.dispatcher.openSystemStore()
        let listener = try LoopbackListener()
        let stateFolder = installed.layout.stateFolder
        let refused = [
            "read \(installed.otherContainer)/secret.txt", "read \(installed.otherGroup)/secret.txt",
            "read \(installed.otherBundle)/secret.txt", "list \(installed.otherContainer)", "list \(stateFolder)/Containers",
            "write \(installed.otherContainer)/planted", "exec \(installed.otherBundle)/other",
            "read \(stateFolder)/System.sqlite", "write \(stateFolder)/lock-state", "read /etc/passwd",
            "unix-connect \(listener.unixPath)", "tcp-connect 127.0.0.1:\(listener.port)", "fork",
        ]
        let (results, outcome) = try await continueProbe(refused + ["write-home own.txt"], installed)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(!outcome.output.contains("secret 5150"), "\(outcome.output)")
        for step in refused {
            #expect(results[step]?.hasPrefix("blocked: ") == true, "\(step): \(results[step] ?? "no answer") in \(outcome.output)")
        }
        // Two walls: the app's root holds nothing of another app (ENOENT), and Landlock denies
        // what its root holds beyond its own (the state folder's parents of the containers: EACCES).
        #expect(results["read \(installed.otherContainer)/secret.txt"] == "blocked: ENOENT")
        #expect(results["list \(stateFolder)/Containers"] == "blocked: EACCES")
        #expect(results["fork"] == "blocked: EPERM")
        #expect(results["write-home own.txt"] == "allowed")
        #expect(!FileManager.default.fileExists(atPath: installed.otherContainer + "/planted"))
        #expect(try String(contentsOfFile: installed.otherContainer + "/secret.txt", encoding: .utf8) == Self.secret)
        let confinement = try #require(outcome.confinement)
        #expect(confinement.missingRequiredLayers.isEmpty)
        #expect(confinement.landlockABI > 0 && confinement.seccomp && confinement.noNewPrivileges && confinement.capabilitiesDropped)
        #expect(confinement.privateRoot && confinement.pidNamespace && confinement.networkNamespace, "\(confinement)")
    }

    /// Landlock alone (no root of its own) keeps the other app's files closed too, and without
    /// that root the app may make no Unix socket at all.
    @Test func withoutARootOfItsOwnLandlockStillKeepsAnotherAppsContainerClosed() async throws {
        let installed = try await install()
        let listener = try LoopbackListener()
        let clearance = try installed.dispatcher.clear(.userActivity(Self.activityType, of: installed.probe), app: installed.probe,
                                                       from: .activityContinuation)
        var sandbox = ActivityContinuation.Sandbox(runnerPath: Package.runner)
        sandbox.privateRoot = false
        let steps = ["read \(installed.otherContainer)/secret.txt", "read \(installed.otherBundle)/secret.txt",
                     "exec \(installed.otherBundle)/other", "unix-connect \(listener.unixPath)", "write-home own.txt", "donate probe-donation"]
        let outcome = try await ActivityContinuation.run(Self.activity(steps), cleared: clearance, stateFolder: state.path,
                                                         timeout: .seconds(30), capturingOutput: true, sandbox: sandbox)
        let results = Self.results(outcome)
        #expect(!outcome.output.contains("secret 5150"), "\(outcome.output)")
        #expect(results[steps[0]] == "blocked: EACCES", "\(outcome.output)")
        #expect(results[steps[1]] == "blocked: EACCES")
        #expect(results[steps[2]] == "blocked: EACCES")
        #expect(results[steps[3]] == "blocked: EPERM")
        #expect(results[steps[4]] == "allowed")
        #expect(results[steps[5]]?.contains("runs confined") == true, "\(results[steps[5]] ?? "")")
        #expect(outcome.confinement?.privateRoot == false)
        #expect(outcome.confinement?.landlockABI ?? 0 > 0)
    }

    /// What is its own stays open: its container (read-write), its app group, and the host's
    /// socket API, through which a donation lands when a server runs.
    @Test func aContinuedAppWritesItsContainerReadsItsGroupAndDonatesThroughTheServer() async throws {
        let installed = try await install()
        _ = try installed.layout.prepareAppGroupContainer("group.com.example.probe")
        try "shared by the group".write(toFile: installed.probeGroup + "/shared.txt", atomically: true, encoding: .utf8)
        let server = try await TestServer(apps: [apps.path], state: state.path)
        let steps = ["write-home note.txt", "group-read group.com.example.probe shared.txt", "group-write group.com.example.probe back.txt",
                     "donate probe-donation", "group-read group.com.example.other secret.txt"]
        let (results, outcome) = try await continueProbe(steps, installed)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(results["write-home note.txt"] == "allowed", "\(outcome.output)")
        #expect(results["group-read group.com.example.probe shared.txt"] == "allowed: shared by the group")
        #expect(results["group-write group.com.example.probe back.txt"] == "allowed")
        #expect(results["donate probe-donation"] == "allowed", "\(outcome.output)\n\(server.log)")
        #expect(results["group-read group.com.example.other secret.txt"]?.hasPrefix("blocked: ") == true)
        #expect(FileManager.default.fileExists(atPath: installed.probeContainer + "/note.txt"))
        #expect(FileManager.default.fileExists(atPath: installed.probeGroup + "/back.txt"))
        let donations = try installed.dispatcher.openSystemStore().donations(app: "com.example.Probe")
        #expect(donations.map(\.persistentIdentifier) == ["probe-donation"], "\(server.log)")
        #expect(await server.stop() == 0)
    }

    /// With no server, the SDK's fallback (opening the system store itself) fails cleanly: the
    /// store is not in the app's root, and the SDK says why instead of trying.
    @Test func withNoServerAContinuedAppsSystemCallFailsCleanlyAndTheStoreIsUntouched() async throws {
        let installed = try await install()
        let store = try installed.dispatcher.openSystemStore()
        let (results, outcome) = try await continueProbe(["donate probe-donation"], installed)
        #expect(outcome.status == 0, "\(outcome.output)")
        let donated = try #require(results["donate probe-donation"], "\(outcome.output)")
        #expect(donated.hasPrefix("blocked: No intents server answers at \(installed.layout.stateFolder)/intents.sock"), "\(donated)")
        #expect(donated.contains("runs confined, as the host started it"), "\(donated)")
        #expect(try store.donations(app: "com.example.Probe").isEmpty)
    }

    /// The same for an unprivileged user (nobody), through what a user runs: the app donates its
    /// activity, the user attaches a phrase to it, and `intents say` continues it. The other
    /// app's container is open to anyone as far as file permissions go: only the sandbox keeps
    /// the secret from the continued app.
    @Test func anotherAppsContainerStaysClosedForAnUnprivilegedUserToo() async throws {
        let workspace = try await UnprivilegedWorkspace()
        let writer = BundleWriter(appsFolder: workspace.appsFolder)
        let probe = try writer.app("Probe", identifier: "com.example.Probe",
                                   extra: ["CFBundleExecutable": "continuation-probe", "NSUserActivityTypes": [Self.activityType]])
        try await UnprivilegedWorkspace.copy(Package.products + "/continuation-probe", to: probe + "/continuation-probe")
        let containers = workspace.stateFolder + "/Containers", other = containers + "/com.example.Other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        chmod(containers, 0o777)
        chmod(other, 0o755)
        try Self.secret.write(toFile: other + "/secret.txt", atomically: true, encoding: .utf8)
        chmod(other + "/secret.txt", 0o644)
        // The app, run by the user (unconfined), donates its activity, with the steps for later:
        // through the server it starts for the user's state folder (which must be the user's).
        chown(workspace.stateFolder, 65534, 65534)
        chmod(workspace.stateFolder, 0o700)
        let info = #"{"steps": ["donate probe-donation"], "then": ["read \#(other)/secret.txt", "write-home own.txt"]}"#
        let donated = try await runAsNobody(["/usr/bin/env", "INTENTS_STATE=\(workspace.stateFolder)", "INTENTS_APP_BUNDLE=\(probe)",
                                             "INTENTS_APPS=\(workspace.appsFolder)", "INTENTS_HOST_EXECUTABLE=\(workspace.bin)/intents-host",
                                             probe + "/continuation-probe", "continue-activity", "--type", Self.activityType, "--user-info", info])
        #expect(donated.output.contains("donate probe-donation -> allowed"), "\(donated.output)")
        let listed = try await workspace.intents(["donations", "list", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any], "\(listed.output)")
        let donation = try #require((object["donations"] as? [[String: Any]])?.first { $0["kind"] as? String == "userActivity" })
        let identifier = try #require(donation["identifier"] as? String)
        let added = try await workspace.intents(["shortcuts", "add", "probe the sandbox", "--donation", identifier])
        #expect(added.status == 0, "\(added.output)")
        let said = try await workspace.intents(["say", "probe the sandbox"])
        #expect(said.status == 0, "\(said.output)")
        #expect(said.output.contains("read \(other)/secret.txt -> blocked: ENOENT"), "\(said.output)")
        #expect(said.output.contains("write-home own.txt -> allowed"), "\(said.output)")
        #expect(!said.output.contains("secret 5150"))
        #expect(FileManager.default.fileExists(atPath: containers + "/com.example.Probe/own.txt"))
    }
}
