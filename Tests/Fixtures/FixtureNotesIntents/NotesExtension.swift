// A notes app's App Intents extension, written as apps write them, for the AppIntentsTesting
// tests: entities with properties (a nested entity, a list, an optional date, an enum), string
// and enumerable queries, an enum, intents that return entities and lists, ask questions, need
// the device unlocked, throw, and a test-only reset intent.
import AppIntents
import Foundation

@main
struct NotesExtension: AppIntentsExtension {}

/// The notes, kept by the extension's process: a new host starts from the seed data.
final class NoteStore: @unchecked Sendable {
    static let shared = NoteStore()

    private let lock = NSLock()
    private var notes: [NoteEntity] = NoteStore.seed
    private var nextNumber = 100

    static let inbox = FolderEntity(id: "inbox", name: "Inbox")
    static let travel = FolderEntity(id: "travel", name: "Travel")
    static var folders: [FolderEntity] { [inbox, travel] }

    static var seed: [NoteEntity] {
        [
            NoteEntity(id: "n1", title: "Groceries", body: "Milk, eggs, bread", folder: inbox, tags: ["home", "weekly"]),
            NoteEntity(id: "n2", title: "Packing list", body: "Passport, charger", folder: travel, tags: ["trip"]),
            NoteEntity(id: "n3", title: "Gift ideas", body: "Books", folder: inbox, tags: []),
        ]
    }

    var all: [NoteEntity] { lock.withLock { notes } }

    func note(_ id: String) -> NoteEntity? { lock.withLock { notes.first { $0.id == id } } }

    func add(title: String, body: String, pinned: Bool, folder: FolderEntity?) -> NoteEntity {
        lock.withLock {
            nextNumber += 1
            let note = NoteEntity(id: "n\(nextNumber)", title: title, body: body, pinned: pinned, folder: folder ?? Self.inbox, tags: [])
            notes.append(note)
            return note
        }
    }

    func update(_ note: NoteEntity) {
        lock.withLock {
            if let index = notes.firstIndex(where: { $0.id == note.id }) { notes[index] = note }
        }
    }

    func remove(_ id: String) {
        lock.withLock { notes.removeAll { $0.id == id } }
    }

    func reset() {
        lock.withLock {
            notes = Self.seed
            nextNumber = 100
        }
    }
}
