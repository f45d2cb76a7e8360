import Foundation
import Intents

/// What the app keeps in its app group: any secure-coding object, as task apps declare it.
protocol Storable: NSObject, NSSecureCoding {}

extension INTask: Storable {}

/// An array of objects archived in a file of the app group's container, which the app reads
/// back (the file is the app's and the extension's alike).
struct AppGroupArchive<Item: Storable> {
    static var groupIdentifier: String { "group.org.thirdparty.todo" }
    let fileName: String

    /// The file, or nil when the process is not entitled to the group (the extension's own
    /// in-process tests, which have no app group).
    var url: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.groupIdentifier)?
            .appendingPathComponent(fileName)
    }

    func load() throws -> [Item] {
        guard let url, let data = try? Data(contentsOf: url) else { return [] }
        return try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: Item.self, from: data) ?? []
    }

    /// Adds `items` after those already archived.
    func append(_ items: [Item]) throws {
        guard let url else { return }
        let all = try load() + items
        let data = try NSKeyedArchiver.archivedData(withRootObject: all, requiringSecureCoding: true)
        try data.write(to: url, options: .atomic)
    }
}

extension AppGroupArchive where Item == INTask {
    /// Every task the extension added, in order, for the app to show when it next opens.
    static let addedTasks = AppGroupArchive(fileName: "AddedTasks.archive")
}
