// The meditation app the runtime tests drive: an entity found by string, an enum, intents that
// ask for a choice, a value and a confirmation, and App Shortcuts with a parameter.
import AppIntents
import Synchronization

struct MeditationSession: AppEntity {
    let id: UUID
    let name: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Meditation Session"
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)", subtitle: "Guided") }
    static var defaultQuery = MeditationSessionQuery()

    static let calm = MeditationSession(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000C1")!, name: "Calm")
    static let focus = MeditationSession(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000F0")!, name: "Focus")
    static let cafe = MeditationSession(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000CA")!, name: "Café Break")
    static let all = [calm, focus, cafe]
}

struct MeditationSessionQuery: EntityStringQuery {
    func entities(for identifiers: [UUID]) async throws -> [MeditationSession] {
        MeditationSession.all.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [MeditationSession] {
        MeditationSession.all
    }

    func entities(matching string: String) async throws -> [MeditationSession] {
        MeditationSession.all.filter { $0.name.lowercased().hasPrefix(string.lowercased()) }
    }
}

/// A teacher: an entity whose query is enumerable, suggests nothing, and matches no strings.
struct Teacher: AppEntity {
    let id: Int
    let name: String

    static var typeDisplayName: LocalizedStringResource = "Teacher"
    var displayRepresentation: DisplayRepresentation { "\(name)" }
    static var defaultQuery = TeacherQuery()
}

struct TeacherQuery: EnumerableEntityQuery {
    func allEntities() async throws -> [Teacher] {
        [Teacher(id: 1, name: "Élise"), Teacher(id: 2, name: "Tomas")]
    }

    func suggestedEntities() async throws -> [Teacher] { [] }
}

enum SessionType: String, AppEnum {
    case guided, silent, walking

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Session Type"
    static var caseDisplayRepresentations: [SessionType: DisplayRepresentation] = [.guided: "Guided", .silent: "Silent", .walking: "Walking"]
}

struct StartMeditationIntent: AppIntent {
    static let title: LocalizedStringResource = "Start Meditation Session"
    static var description: IntentDescription? = "Starts a meditation session."

    @Parameter(title: "Session", requestDisambiguationDialog: "Which session?")
    var session: MeditationSession?

    @Parameter(title: "Session Type", default: .guided)
    var sessionType: SessionType

    @Parameter(title: "Teachers")
    var teachers: [Teacher]

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let chosen: MeditationSession
        if let session {
            chosen = session
        } else {
            chosen = try await $session.requestDisambiguation(among: MeditationSession.all)
        }
        return .result(dialog: "Okay, starting a \(sessionType) \(chosen) session.")
    }
}

struct CountBreathsIntent: AppIntent {
    static let title: LocalizedStringResource = "Count Breaths"
    static let authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

    @Parameter(title: "Count", requestValueDialog: "How many breaths?")
    var count: Int

    func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
        guard count > 0 else { throw $count.requestValue() }
        return .result(value: count * 2, dialog: "Counting \(count) breaths, in and out.")
    }
}

struct EndSessionIntent: AppIntent {
    static let title: LocalizedStringResource = "End Session"
    static let openAppWhenRun = true

    @Parameter(title: "Minutes", default: 10)
    var minutes: Int

    func perform() async throws -> some ProvidesDialog & ShowsSnippetView {
        try await requestConfirmation(result: .result(dialog: "End the \(minutes)-minute session?"), confirmationActionName: .go)
        return .result(dialog: "Session ended.", snippet: .text("Ended after \(minutes) minutes"))
    }
}

enum MeditationError: Error, LocalizedError {
    case noTeacherFree

    var errorDescription: String? { "No teacher is free right now." }
}

struct BookTeacherIntent: AppIntent {
    static let title: LocalizedStringResource = "Book a Teacher"

    @Parameter(title: "Teacher")
    var teacher: Teacher?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard let teacher else { throw MeditationError.noTeacherFree }
        return .result(dialog: "Booked \(teacher).")
    }
}

/// Waits for a confirmation and records how the wait ended.
struct RingBellIntent: AppIntent {
    static let title: LocalizedStringResource = "Ring the Bell"
    static let outcomes = Mutex<[String]>([])

    @Parameter(title: "Label")
    var label: String

    func perform() async throws -> some IntentResult {
        do {
            try await requestConfirmation(actionName: .do, dialog: "Ring the \(label) bell?")
            Self.outcomes.withLock { $0.append("\(label): rung") }
        } catch {
            Self.outcomes.withLock { $0.append("\(label): \(error is CancellationError ? "cancelled" : "\(error)")") }
            throw error
        }
        return .result()
    }
}

struct MeditationShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: StartMeditationIntent(),
                    phrases: ["Start a \(\.$session) session with \(.applicationName)", "Meditate with \(.applicationName)"],
                    shortTitle: "Meditate", systemImageName: "leaf")
        AppShortcut(intent: CountBreathsIntent(), phrases: ["Count breaths in \(.applicationName)"])
    }
}

struct ConfirmSessionIntent: AppIntent {
    static let title: LocalizedStringResource = "Confirm Session"

    @Parameter(title: "Session")
    var session: MeditationSession

    func perform() async throws -> some IntentResult & ReturnsValue<Bool> & ProvidesDialog {
        let confirmed = try await $session.requestConfirmation(for: session, dialog: "Did you mean \(session)?")
        return .result(value: confirmed, dialog: confirmed ? "Starting \(session)." : "Not starting it.")
    }
}

/// Takes a parameter of each scalar kind.
struct ScheduleSessionIntent: AppIntent {
    static let title: LocalizedStringResource = "Schedule Session"

    @Parameter(title: "When") var when: Date
    @Parameter(title: "Link") var link: URL?
    @Parameter(title: "Volume", default: 0.5) var volume: Double
    @Parameter(title: "Muted", default: false) var muted: Bool
    @Parameter(title: "Notes") var notes: [String]
    @Parameter(title: "Kinds") var kinds: [SessionType]?

    func perform() async throws -> some IntentResult & ReturnsValue<Date> & ProvidesDialog {
        let fields = Calendar.current.dateComponents([.hour, .minute], from: when)
        let kindNames = kinds?.map(\.rawValue).joined(separator: "+") ?? "none"
        return .result(value: when, dialog: "At \(fields.hour ?? -1):\(fields.minute ?? -1), volume \(volume), muted \(muted), \(link?.host ?? "no link"), notes \(notes.joined(separator: "+")), kinds \(kindNames).")
    }
}
