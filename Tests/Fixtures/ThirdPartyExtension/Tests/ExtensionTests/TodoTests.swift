import IntentsTesting
import Testing
@testable import TodoIntents

/// Adding tasks is a SiriKit domain intent the plist allows while locked: only an app the user
/// has not authorized is refused, unless the request comes from a voice shortcut.
@Suite struct TodoTests {
    @Test func addsTasksToTheListNamed() async throws {
        let host = try await IntentsTestHost(infoPlist: "Info/TodoIntents/Info.plist", extension: IntentHandler(),
                                             lockState: .locked, authorization: .authorized)
        let result = try await host.send("INAddTasksIntent", parameters: [("targetTaskList", "gr"), ("taskTitles", "Milk,Eggs")])
        #expect(result.code == "success")
        #expect(result.outputs["modifiedTaskList"]?.displayString == "Groceries")
        #expect(result.outputs["addedTasks"]?.displayString == "Milk, Eggs")
    }

    @Test func runsLockedAndIsRefusedOnlyWithoutAuthorization() async throws {
        let host = try await IntentsTestHost(infoPlist: "Info/TodoIntents/Info.plist", extension: IntentHandler())
        let refused = try host.policyCases(for: "INAddTasksIntent").filter { $0.verdict != .allowed }
        #expect(refused.map(\.verdict) == Array(repeating: .refused(.notAuthorized), count: 3))
        #expect(refused.allSatisfy { !$0.context.authorized && $0.context.source == .direct })
        try await host.checkPolicy(for: "INAddTasksIntent") { host in
            try await host.send("INAddTasksIntent", parameters: [("targetTaskList", "garden"), ("taskTitles", "Rake")])
        }
    }
}
