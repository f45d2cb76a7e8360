import AppIntents
import Foundation

struct FolderEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Folder"
    static var defaultQuery = FolderQuery()

    var id: String

    @Property(title: "Name")
    var name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    var displayRepresentation: DisplayRepresentation { "\(name)" }
}

struct FolderQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [FolderEntity] {
        NoteStore.folders.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [FolderEntity] { NoteStore.folders }
}

struct NoteEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
    static var defaultQuery = NoteQuery()

    var id: String

    @Property(title: "Title")
    var title: String

    @Property(title: "Body")
    var body: String

    @Property(title: "Pinned")
    var pinned: Bool

    @Property(title: "Archived")
    var isArchived: Bool

    @Property(title: "Archive Reason")
    var archiveReason: ArchiveReason?

    @Property(title: "Deleted At")
    var deletedAt: Date?

    @Property(title: "Folder")
    var folder: FolderEntity?

    @Property(title: "Tags")
    var tags: [String]

    @Property(title: "Word Count")
    var wordCount: Int

    init(id: String, title: String, body: String, pinned: Bool = false, folder: FolderEntity?, tags: [String]) {
        self.id = id
        self.title = title
        self.body = body
        self.pinned = pinned
        self.isArchived = false
        self.archiveReason = nil
        self.deletedAt = nil
        self.folder = folder
        self.tags = tags
        self.wordCount = body.split(whereSeparator: { $0 == " " || $0 == "," }).count
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)") }
}

struct NoteQuery: EntityStringQuery, EnumerableEntityQuery {
    func entities(for identifiers: [String]) async throws -> [NoteEntity] {
        identifiers.compactMap { NoteStore.shared.note($0) }
    }

    func entities(matching string: String) async throws -> [NoteEntity] {
        NoteStore.shared.all.filter { $0.title.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> [NoteEntity] {
        NoteStore.shared.all.filter(\.pinned)
    }

    func allEntities() async throws -> [NoteEntity] {
        NoteStore.shared.all
    }
}

enum ArchiveReason: String, AppEnum {
    case done
    case obsolete
    case duplicate

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Archive Reason"
    static var caseDisplayRepresentations: [ArchiveReason: DisplayRepresentation] = [
        .done: "Done",
        .obsolete: "No Longer Needed",
        .duplicate: "Duplicate",
    ]
}

enum NotesError: Error, CustomLocalizedStringResourceConvertible {
    case titleTooLong(Int)
    case alreadyArchived(String)

    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .titleTooLong(let count): "A title can have at most 40 characters; this one has \(count)."
        case .alreadyArchived(let title): "\(title) is already archived."
        }
    }
}
