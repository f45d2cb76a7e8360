/// An intent the system itself knows the meaning of (opening, deleting...).
public protocol SystemIntent: AppIntent {}

/// An intent that opens the app at a value (an entity, an enum case), its `target`:
///
///     struct OpenBookIntent: OpenIntent {
///         static let title: LocalizedStringResource = "Open Book"
///         @Parameter(title: "Book") var target: BookEntity
///         func perform() async throws -> some IntentResult { .result() }
///     }
///
/// Linux form: it opens its app as `openAppWhenRun` does (the host is told the intent wants its
/// app); `openAppWhenRun` is true by default.
public protocol OpenIntent: SystemIntent {
    /// The type of what is opened: an entity or an enum.
    associatedtype Value: _IntentValue
    /// What to open, declared `@Parameter(title: ...) var target`.
    var target: Value { get set }
}

extension OpenIntent {
    /// True: opening an entity brings its app forward.
    public static var openAppWhenRun: Bool { true }
}

/// An intent that reports its progress while `perform()` runs, through `progress`.
public protocol ProgressReportingIntent: AppIntent {}

extension ProgressReportingIntent {
    /// The progress of the current `perform()`: set its `totalUnitCount` and `completedUnitCount`.
    /// Outside `perform()` run by the system, a progress of its own that no one reads.
    ///
    /// Linux form: the host does not show progress; it is kept for code written for Apple's systems.
    public var progress: Progress {
        Conversation.current?.progress ?? Progress(totalUnitCount: 0)
    }
}
