import AppIntents
import Foundation

struct CreateNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Create Note"
    static var description = IntentDescription("Creates a note.")

    @Parameter(title: "Title")
    var title: String

    @Parameter(title: "Body", default: "")
    var body: String

    @Parameter(title: "Pinned", default: false)
    var pinned: Bool

    @Parameter(title: "Folder")
    var folder: FolderEntity?

    func perform() async throws -> some IntentResult & ReturnsValue<NoteEntity> & ProvidesDialog {
        guard title.count <= 40 else { throw NotesError.titleTooLong(title.count) }
        let note = NoteStore.shared.add(title: title, body: body, pinned: pinned, folder: folder)
        return .result(value: note, dialog: "Created \(title).")
    }
}

struct ArchiveNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Archive Note"

    @Parameter(title: "Note")
    var note: NoteEntity

    @Parameter(title: "Reason", default: .done)
    var reason: ArchiveReason

    func perform() async throws -> some IntentResult & ReturnsValue<NoteEntity> & ProvidesDialog {
        guard var stored = NoteStore.shared.note(note.id) else { throw NotesError.alreadyArchived(note.title) }
        guard !stored.isArchived else { throw NotesError.alreadyArchived(stored.title) }
        stored.isArchived = true
        stored.archiveReason = reason
        NoteStore.shared.update(stored)
        return .result(value: stored, dialog: "Archived \(stored.title).")
    }
}

struct ListNotesIntent: AppIntent {
    static var title: LocalizedStringResource = "List Notes"

    @Parameter(title: "Folder")
    var folder: FolderEntity?

    func perform() async throws -> some IntentResult & ReturnsValue<[NoteEntity]> & ProvidesDialog {
        let notes = NoteStore.shared.all.filter { folder == nil || $0.folder?.id == folder?.id }
        return .result(value: notes, dialog: "\(notes.count) notes.")
    }
}

struct CountNotesIntent: AppIntent {
    static var title: LocalizedStringResource = "Count Notes"

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        .result(value: NoteStore.shared.all.count)
    }
}

/// Needs the device unlocked, and confirms before it deletes.
struct DeleteNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Delete Note"
    static var authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

    @Parameter(title: "Note")
    var note: NoteEntity

    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation(result: .result(dialog: "Delete \(note.title)?"))
        NoteStore.shared.remove(note.id)
        return .result(dialog: "Deleted \(note.title).")
    }
}

/// Asks for the new title when none was given, and which note when none was.
struct RenameNoteIntent: AppIntent {
    static var title: LocalizedStringResource = "Rename Note"

    @Parameter(title: "Note")
    var note: NoteEntity?

    @Parameter(title: "New Title")
    var newTitle: String?

    func perform() async throws -> some IntentResult & ReturnsValue<NoteEntity> & ProvidesDialog {
        let chosen: NoteEntity
        if let note {
            chosen = note
        } else {
            chosen = try await $note.requestDisambiguation(among: NoteStore.shared.all, dialog: "Which note?")
        }
        let title: String
        if let newTitle {
            title = newTitle
        } else {
            title = try await $newTitle.requestValue("What should \(chosen.title) be called?")
        }
        guard var stored = NoteStore.shared.note(chosen.id) else { throw NotesError.alreadyArchived(chosen.title) }
        stored.title = title
        NoteStore.shared.update(stored)
        return .result(value: stored, dialog: "Renamed to \(title).")
    }
}

/// For the tests' use only: puts the seed data back.
struct ResetFixturesIntent: AppIntent {
    static var title: LocalizedStringResource = "Reset Fixtures"
    static var isDiscoverable: Bool = false

    func perform() async throws -> some IntentResult {
        NoteStore.shared.reset()
        return .result()
    }
}

struct NotesShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: ListNotesIntent(), phrases: ["List my notes in \(.applicationName)"],
                    shortTitle: "List Notes", systemImageName: "note.text")
        AppShortcut(intent: CountNotesIntent(), phrases: ["How many notes in \(.applicationName)"],
                    shortTitle: "Count Notes", systemImageName: "number")
    }
}
