import ExtensionProcesses
import Foundation
import Intents
import Testing

/// Todo's extension keeps what Siri added where its app reads it, as task apps do: the added
/// `INTask`s, archived with `NSKeyedArchiver` under secure coding (`extension INTask: Storable`,
/// its protocol requiring `NSSecureCoding`) into a file of the app group its app is entitled
/// to. The extension runs confined in its own process; this test process plays the app.
extension ThirdPartyExtensionTests {
    @Test func addedTasksAreArchivedInTheAppGroupForTheApp() async throws {
        let build = try await Self.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        try bundle(app: "Todo", extension: "TodoIntents")
        // Todo.app is entitled to group.org.thirdparty.todo, which its extension gets.
        try FileManager.default.copyItem(atPath: fixture + "/Info/Todo/Todo.entitlements", toPath: apps.path + "/Todo.app/Todo.entitlements")
        let state = TemporaryFolder()
        let validate = try await shell([Package.cli, "validate", apps.path + "/Todo.app"])
        #expect(validate.status == 0, "\(validate.output)")
        let grant = try await shell([Package.cli, "--apps", apps.path, "--state", state.path, "authorize", "Todo", "grant"])
        #expect(grant.status == 0, "\(grant.output)")

        for arguments in [["--param", "targetTaskList=gr", "--param", "taskTitles=Milk,Eggs"],
                          ["--param", "targetTaskList=garden", "--param", "taskTitles=Rake"]] {
            let send = try await shell([Package.cli, "--apps", apps.path, "--state", state.path, "send", "INAddTasksIntent"] + arguments + ["--json"])
            #expect(send.status == 0, "\(send.output)")
            #expect(send.output.contains(#""codeName":"success""#), "\(send.output)")
        }

        // The app opens its app group's container and reads the tasks back, as INTasks.
        let group = ContainerLayout(stateFolder: state.path).appGroupContainer("group.org.thirdparty.todo")
        let data = try Data(contentsOf: URL(fileURLWithPath: group + "/AddedTasks.archive"))
        let tasks = try #require(try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: data))
        #expect(tasks.map(\.title.spokenPhrase) == ["Milk", "Eggs", "Rake"])
        #expect(tasks.allSatisfy { $0.status == .notCompleted && $0.taskType == .completable })
        #expect(Set(tasks.compactMap(\.identifier)).count == 3, "each task keeps the identifier the extension gave it")
        // Read as the app's own array of any secure-coding objects, it is the same.
        let objects = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, INTask.self], from: data) as? [INTask]
        #expect(objects == tasks)
    }
}
