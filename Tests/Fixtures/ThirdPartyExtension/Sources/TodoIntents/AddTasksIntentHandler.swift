import Foundation
import Intents

/// The app's lists. Like a UI app's model, it is only touched on the main thread.
@MainActor
final class TodoStore {
    static let shared = TodoStore()
    private(set) var lists: [String: [String]] = ["Groceries": [], "Garden": [], "Gifts": []]

    func add(_ titles: [String], to list: String) -> [String] {
        lists[list, default: []].append(contentsOf: titles)
        return lists[list] ?? []
    }
}

class AddTasksIntentHandler: NSObject, INAddTasksIntentHandling {
    private let listNames = ["Groceries", "Garden", "Gifts"]

    func resolveTargetTaskList(for intent: INAddTasksIntent,
                               with completion: @escaping (INAddTasksTargetTaskListResolutionResult) -> Void) {
        guard let title = intent.targetTaskList?.title else {
            completion(.needsValue())
            return
        }
        let matches = listNames.filter { $0.lowercased().hasPrefix(title.spokenPhrase.lowercased()) }
        switch matches.count {
        case 0: completion(.unsupported())
        case 1: completion(.success(with: taskList(named: matches[0])))
        default: completion(.disambiguation(with: matches.map(taskList(named:))))
        }
    }

    func resolveTaskTitles(for intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
        guard let titles = intent.taskTitles, !titles.isEmpty else {
            completion([.needsValue()])
            return
        }
        completion(titles.map { INSpeakableStringResolutionResult.success(with: $0) })
    }

    func resolveTemporalEventTrigger(for intent: INAddTasksIntent,
                                     with completion: @escaping (INAddTasksTemporalEventTriggerResolutionResult) -> Void) {
        guard let trigger = intent.temporalEventTrigger else {
            completion(.notRequired())
            return
        }
        if let year = trigger.dateComponentsRange.startDateComponents?.year, year < 2000 {
            completion(.unsupported(forReason: .timeInPast))
            return
        }
        completion(.success(with: trigger))
    }

    func handle(intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
        let titles = intent.taskTitles ?? []
        let listName = intent.targetTaskList?.title.spokenPhrase ?? "Groceries"
        // The store belongs to the main thread, as in the app.
        DispatchQueue.main.async {
            let all = TodoStore.shared.add(titles.map(\.spokenPhrase), to: listName)
            let tasks = titles.map { title in
                INTask(title: title, status: .notCompleted, taskType: .completable, spatialEventTrigger: nil,
                       temporalEventTrigger: intent.temporalEventTrigger, createdDateComponents: nil,
                       modifiedDateComponents: nil, identifier: UUID().uuidString)
            }
            let response = INAddTasksIntentResponse(code: .success, userActivity: nil)
            response.modifiedTaskList = INTaskList(title: INSpeakableString(spokenPhrase: listName),
                                                   tasks: all.map(self.task(titled:)), groupName: nil,
                                                   createdDateComponents: nil, modifiedDateComponents: nil, identifier: listName)
            response.addedTasks = tasks
            // The app shows what Siri added when it next opens: the tasks go to the app group.
            do {
                try AppGroupArchive.addedTasks.append(tasks)
            } catch {
                completion(INAddTasksIntentResponse(code: .failure, userActivity: nil))
                return
            }
            completion(response)
        }
    }

    private func taskList(named name: String) -> INTaskList {
        INTaskList(title: INSpeakableString(spokenPhrase: name), tasks: [], groupName: nil,
                   createdDateComponents: nil, modifiedDateComponents: nil, identifier: name)
    }

    private func task(titled title: String) -> INTask {
        INTask(title: INSpeakableString(spokenPhrase: title), status: .notCompleted, taskType: .completable,
               spatialEventTrigger: nil, temporalEventTrigger: nil, createdDateComponents: nil,
               modifiedDateComponents: nil, identifier: title, priority: .notFlagged)
    }
}
