extension SiriKitDomain {
    /// Starting, pausing, resuming, ending and canceling workouts.
    public static let workouts = SiriKitDomain(
        name: "Workouts",
        intents: [
            SystemIntent(
                "INStartWorkoutIntent", "Starts a workout, open-ended or with a goal.",
                parameters: [
                    SystemParameter("workoutName", "INSpeakableString", title: "workout", defaultValue: "nil"),
                    SystemParameter("goalValue", "Double", title: "goal", defaultValue: "nil"),
                    SystemParameter("workoutGoalUnitType", "INWorkoutGoalUnitType", required: true, title: "goal unit",
                                    defaultValue: ".unknown"),
                    SystemParameter("workoutLocationType", "INWorkoutLocationType", required: true, title: "location",
                                    defaultValue: ".unknown"),
                    SystemParameter("isOpenEnded", "Bool", title: "open-ended", defaultValue: "nil"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureOngoingWorkout", "failureNoMatchingWorkout", "handleInApp", "success"],
                alwaysRestrictedWhileLocked: true),
            SystemIntent(
                "INPauseWorkoutIntent", "Pauses the workout in progress.",
                parameters: [
                    SystemParameter("workoutName", "INSpeakableString", title: "workout"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureNoMatchingWorkout", "handleInApp", "success"]),
            SystemIntent(
                "INResumeWorkoutIntent", "Resumes a paused workout.",
                parameters: [
                    SystemParameter("workoutName", "INSpeakableString", title: "workout"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureNoMatchingWorkout", "handleInApp", "success"],
                alwaysRestrictedWhileLocked: true),
            SystemIntent(
                "INEndWorkoutIntent", "Ends the workout in progress, keeping it.",
                parameters: [
                    SystemParameter("workoutName", "INSpeakableString", title: "workout"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureNoMatchingWorkout", "handleInApp", "success"]),
            SystemIntent(
                "INCancelWorkoutIntent", "Cancels the workout in progress, discarding it.",
                parameters: [
                    SystemParameter("workoutName", "INSpeakableString", title: "workout"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureNoMatchingWorkout", "handleInApp", "success"]),
        ],
        enums: [
            SystemEnum("INWorkoutGoalUnitType", "The unit of a workout's goal: distance, time or energy.",
                       cases: ["unknown", "inch", "meter", "foot", "mile", "yard", "second", "minute", "hour", "joule",
                               "kiloCalorie"],
                       summaries: [
                           "inch": "A distance goal in inches.",
                           "meter": "A distance goal in meters.",
                           "foot": "A distance goal in feet.",
                           "mile": "A distance goal in miles.",
                           "yard": "A distance goal in yards.",
                           "second": "A time goal in seconds.",
                           "minute": "A time goal in minutes.",
                           "hour": "A time goal in hours.",
                           "joule": "An energy goal in joules.",
                           "kiloCalorie": "An energy goal in kilocalories.",
                       ]),
            SystemEnum("INWorkoutLocationType", "Whether a workout is outdoors or indoors.",
                       cases: ["unknown", "outdoor", "indoor"],
                       summaries: [
                           "outdoor": "The workout happens outdoors.",
                           "indoor": "The workout happens indoors.",
                       ]),
        ])
}
