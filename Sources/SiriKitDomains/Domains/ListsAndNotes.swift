extension SiriKitDomain {
    /// Notes, task lists and tasks: creating, appending, adding, changing, searching, snoozing and deleting them.
    public static let listsAndNotes = SiriKitDomain(
        name: "Lists and notes",
        intents: [
            SystemIntent(
                "INCreateNoteIntent", "Creates a note.",
                parameters: [
                    SystemParameter("title", "INSpeakableString", title: "title"),
                    SystemParameter("content", "INNoteContent", title: "content"),
                    SystemParameter("groupName", "INSpeakableString", title: "group"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [SystemProperty("createdNote", "INNote")]),
            SystemIntent(
                "INAppendToNoteIntent", "Adds content to an existing note.",
                parameters: [
                    SystemParameter("targetNote", "INNote", title: "note"),
                    SystemParameter("content", "INNoteContent", title: "content"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureCannotUpdatePasswordProtectedNote"],
                outputs: [SystemProperty("note", "INNote")]),
            SystemIntent(
                "INAddTasksIntent", "Adds tasks to a task list.",
                parameters: [
                    SystemParameter("targetTaskList", "INTaskList", title: "list",
                                    result: "INAddTasksTargetTaskListResolutionResult"),
                    SystemParameter("taskTitles", "INSpeakableString", list: true, title: "task"),
                    SystemParameter("spatialEventTrigger", "INSpatialEventTrigger", title: "place"),
                    SystemParameter("temporalEventTrigger", "INTemporalEventTrigger", title: "time",
                                    result: "INAddTasksTemporalEventTriggerResolutionResult"),
                    SystemParameter("priority", "INTaskPriority", required: true, title: "priority",
                                    defaultValue: ".unknown"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [
                    SystemProperty("modifiedTaskList", "INTaskList"),
                    SystemProperty("addedTasks", "INTask", list: true),
                ]),
            SystemIntent(
                "INCreateTaskListIntent", "Creates a task list, optionally with tasks.",
                parameters: [
                    SystemParameter("title", "INSpeakableString", title: "title"),
                    SystemParameter("taskTitles", "INSpeakableString", list: true, title: "task"),
                    SystemParameter("groupName", "INSpeakableString", title: "group"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [SystemProperty("createdTaskList", "INTaskList")]),
            SystemIntent(
                "INSetTaskAttributeIntent", "Changes a task's title, status, priority or reminder.",
                parameters: [
                    SystemParameter("targetTask", "INTask", title: "task"),
                    SystemParameter("taskTitle", "INSpeakableString", title: "title", defaultValue: "nil"),
                    SystemParameter("status", "INTaskStatus", required: true, title: "status"),
                    SystemParameter("priority", "INTaskPriority", required: true, title: "priority",
                                    defaultValue: ".unknown"),
                    SystemParameter("spatialEventTrigger", "INSpatialEventTrigger", title: "place"),
                    SystemParameter("temporalEventTrigger", "INTemporalEventTrigger", title: "time",
                                    result: "INSetTaskAttributeTemporalEventTriggerResolutionResult"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [SystemProperty("modifiedTask", "INTask")]),
            SystemIntent(
                "INSearchForNotebookItemsIntent", "Searches the user's notes, task lists and tasks.",
                parameters: [
                    SystemParameter("title", "INSpeakableString", title: "title"),
                    SystemParameter("content", "String", title: "content"),
                    SystemParameter("itemType", "INNotebookItemType", required: true, title: "item type"),
                    SystemParameter("status", "INTaskStatus", required: true, title: "status"),
                    SystemParameter("location", "CLPlacemark", title: "place"),
                    SystemParameter("locationSearchType", "INLocationSearchType", required: true,
                                    title: "location search type"),
                    SystemParameter("dateTime", "INDateComponentsRange", title: "date"),
                    SystemParameter("dateSearchType", "INDateSearchType", required: true, title: "date search type"),
                    SystemParameter("temporalEventTriggerTypes", "INTemporalEventTriggerTypeOptions", required: true,
                                    title: "reminder type", defaultValue: "[]"),
                    SystemParameter("taskPriority", "INTaskPriority", required: true, title: "priority",
                                    defaultValue: ".unknown"),
                    SystemParameter("notebookItemIdentifier", "String", defaultValue: "nil", resolves: false),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [
                    SystemProperty("notes", "INNote", list: true),
                    SystemProperty("taskLists", "INTaskList", list: true),
                    SystemProperty("tasks", "INTask", list: true),
                    SystemProperty("sortType", "INSortType", required: true),
                ]),
            SystemIntent(
                "INSnoozeTasksIntent", "Postpones the reminders of tasks.",
                parameters: [
                    SystemParameter("tasks", "INTask", list: true, title: "task",
                                    result: "INSnoozeTasksTaskResolutionResult"),
                    SystemParameter("nextTriggerTime", "INDateComponentsRange", title: "time"),
                    SystemParameter("all", "Bool", resolves: false),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [SystemProperty("snoozedTasks", "INTask", list: true)]),
            SystemIntent(
                "INDeleteTasksIntent", "Deletes tasks from a task list.",
                parameters: [
                    SystemParameter("taskList", "INTaskList", title: "list",
                                    result: "INDeleteTasksTaskListResolutionResult"),
                    SystemParameter("tasks", "INTask", list: true, title: "task",
                                    result: "INDeleteTasksTaskResolutionResult"),
                    SystemParameter("all", "Bool", resolves: false),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch"],
                outputs: [SystemProperty("deletedTasks", "INTask", list: true)]),
        ],
        enums: [
            SystemEnum("INTaskStatus", "Whether a task is done.",
                       cases: ["unknown", "notCompleted", "completed"],
                       summaries: [
                           "notCompleted": "The task is still to do.",
                           "completed": "The task is done.",
                       ]),
            SystemEnum("INTaskType", "Whether a task can be completed.",
                       cases: ["unknown", "notCompletable", "completable"],
                       summaries: [
                           "notCompletable": "The task is an entry that is never marked done.",
                           "completable": "The task can be marked done.",
                       ],
                       hasResolutionResult: false),
            SystemEnum("INTaskPriority", "Whether a task is flagged.",
                       cases: ["unknown", "notFlagged", "flagged"],
                       summaries: [
                           "notFlagged": "The task is not flagged.",
                           "flagged": "The task is flagged as important.",
                       ]),
            SystemEnum("INNotebookItemType", "What kind of item a search looks for: notes, task lists or tasks.",
                       cases: ["unknown", "note", "taskList", "task"],
                       summaries: [
                           "note": "Notes.",
                           "taskList": "Task lists.",
                           "task": "Tasks.",
                       ]),
            SystemEnum("INSortType", "How found notebook items are ordered.",
                       cases: ["unknown", "asIs", "byDate"],
                       summaries: [
                           "asIs": "In the order the app found them.",
                           "byDate": "In date order, whether or not the search named a date.",
                       ],
                       hasResolutionResult: false),
            SystemEnum("INDateSearchType", "Which date of a notebook item a search's date range applies to.",
                       cases: ["unknown", "byDueDate", "byModifiedDate", "byCreatedDate"],
                       summaries: [
                           "byDueDate": "The range applies to the date a task is due.",
                           "byModifiedDate": "The range applies to the date an item was last changed.",
                           "byCreatedDate": "The range applies to the date an item was created.",
                       ]),
            SystemEnum("INLocationSearchType", "How a search's place applies to notebook items.",
                       cases: ["unknown", "byLocationTrigger"],
                       summaries: [
                           "byLocationTrigger": "The place is the one whose arrival or departure triggers a task's reminder.",
                       ]),
        ],
        optionSets: [
            SystemOptionSet("INTemporalEventTriggerTypeOptions", "Kinds of reminder times searched for.",
                            options: ["notScheduled", "scheduledNonRecurring", "scheduledRecurring"],
                            summaries: [
                                "notScheduled": "Tasks with no reminder time.",
                                "scheduledNonRecurring": "Tasks with a reminder time that does not repeat.",
                                "scheduledRecurring": "Tasks with a repeating reminder time.",
                            ]),
        ],
        types: [
            SystemType(
                "INTask", "A task: its title, status, reminders, dates and priority.",
                properties: [
                    SystemProperty("title", "INSpeakableString", required: true),
                    SystemProperty("status", "INTaskStatus", required: true),
                    SystemProperty("taskType", "INTaskType", required: true),
                    SystemProperty("spatialEventTrigger", "INSpatialEventTrigger"),
                    SystemProperty("temporalEventTrigger", "INTemporalEventTrigger"),
                    SystemProperty("createdDateComponents", "DateComponents"),
                    SystemProperty("modifiedDateComponents", "DateComponents"),
                    SystemProperty("identifier", "String"),
                    SystemProperty("priority", "INTaskPriority", required: true, defaultValue: ".unknown"),
                ],
                displayProperty: "title"),
            SystemType(
                "INTaskList", "A task list: its title, its tasks, its group and its dates.",
                properties: [
                    SystemProperty("title", "INSpeakableString", required: true),
                    SystemProperty("tasks", "INTask", list: true, required: true),
                    SystemProperty("groupName", "INSpeakableString"),
                    SystemProperty("createdDateComponents", "DateComponents"),
                    SystemProperty("modifiedDateComponents", "DateComponents"),
                    SystemProperty("identifier", "String"),
                ],
                displayProperty: "title"),
            SystemType(
                "INNote", "A note: its title, its contents, its group and its dates.",
                properties: [
                    SystemProperty("title", "INSpeakableString", required: true),
                    SystemProperty("contents", "INNoteContent", list: true, required: true),
                    SystemProperty("groupName", "INSpeakableString"),
                    SystemProperty("createdDateComponents", "DateComponents"),
                    SystemProperty("modifiedDateComponents", "DateComponents"),
                    SystemProperty("identifier", "String"),
                ],
                displayProperty: "title"),
            SystemType(
                "INNoteContent", "A piece of a note's content: its text.",
                properties: [
                    SystemProperty("text", "String"),
                ],
                displayProperty: "text"),
        ],
        results: [
            SystemResult("INAddTasksTargetTaskListResolutionResult", base: "INTaskListResolutionResult",
                         confirmationReasonType: "INAddTasksTargetTaskListConfirmationReason",
                         confirmationReasons: ["listShouldBeCreated"], confirmedType: "INTaskList"),
            SystemResult(
                "INAddTasksTemporalEventTriggerResolutionResult", base: "INTemporalEventTriggerResolutionResult",
                reasonType: "INAddTasksTemporalEventTriggerUnsupportedReason",
                reasons: [
                    .init("timeInPast", "The reminder's time is in the past."),
                    .init("invalidRecurrence", "The reminder's repetition is not valid."),
                ]),
            SystemResult(
                "INSetTaskAttributeTemporalEventTriggerResolutionResult", base: "INTemporalEventTriggerResolutionResult",
                reasonType: "INSetTaskAttributeTemporalEventTriggerUnsupportedReason",
                reasons: [
                    .init("timeInPast", "The reminder's time is in the past."),
                    .init("invalidRecurrence", "The reminder's repetition is not valid."),
                ]),
            SystemResult(
                "INSnoozeTasksTaskResolutionResult", base: "INTaskResolutionResult",
                reasonType: "INSnoozeTasksTaskUnsupportedReason",
                reasons: [
                    .init("noTasksFound", "No matching tasks were found."),
                ]),
            SystemResult(
                "INDeleteTasksTaskListResolutionResult", base: "INTaskListResolutionResult",
                reasonType: "INDeleteTasksTaskListUnsupportedReason",
                reasons: [
                    .init("noTaskListFound", "No matching task list was found."),
                ]),
            SystemResult(
                "INDeleteTasksTaskResolutionResult", base: "INTaskResolutionResult",
                reasonType: "INDeleteTasksTaskUnsupportedReason",
                reasons: [
                    .init("noTasksFound", "No matching tasks were found."),
                    .init("noTasksInApp", "There are no tasks in the app."),
                ]),
        ])
}
