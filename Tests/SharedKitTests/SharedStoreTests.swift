import Foundation
import SharedKit
import Testing

/// A folder of its own for each test's database.
final class StoreFolder: @unchecked Sendable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sharedstore-\(UUID().uuidString)").path

    init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    var database: String { path + "/" + SharedStore.fileName }
}

@Suite struct SharedStoreTests {
    let folder = StoreFolder()

    func store() throws -> SharedStore { try SharedStore(suiteName: "group.test", path: folder.database) }

    @Test func propertyListValuesRoundTrip() throws {
        let store = try store()
        try store.set("margherita", forKey: "pizza")
        try store.set(3, forKey: "count")
        try store.set(true, forKey: "open")
        try store.set(["a", "b"], forKey: "list")
        try store.set(["k": 1], forKey: "map")
        let reopened = try self.store()
        #expect(try reopened.string(forKey: "pizza") == "margherita")
        #expect(try reopened.integer(forKey: "count") == 3)
        #expect(try reopened.bool(forKey: "open"))
        #expect(try reopened.array(forKey: "list") as? [String] == ["a", "b"])
        #expect(try reopened.dictionary(forKey: "map") as? [String: Int] == ["k": 1])
        #expect(try reopened.integer(forKey: "missing") == 0)
    }

    @Test func defaultsRemovalAndTheWholeDictionary() throws {
        let store = try store()
        try store.register(defaults: ["greeting": "hello", "count": 1])
        try store.set(5, forKey: "count")
        #expect(try store.string(forKey: "greeting") == "hello")
        #expect(try store.integer(forKey: "count") == 5)
        try store.removeObject(forKey: "count")
        #expect(try store.integer(forKey: "count") == 1)
        let all = try store.dictionaryRepresentation()
        #expect(all["greeting"] as? String == "hello" && all["count"] as? Int == 1)
    }

    struct Order: Codable, Equatable {
        var pizza: String
        var quantity: Int
    }

    @Test func codableValuesRoundTripAndMismatchesAreNamed() throws {
        let store = try store()
        try store.set(codable: Order(pizza: "funghi", quantity: 2), forKey: "order")
        #expect(try store.value(Order.self, forKey: "order") == Order(pizza: "funghi", quantity: 2))
        try store.set(codable: "fast", forKey: "scalar")
        try store.set(codable: 2.5, forKey: "half")
        #expect(try store.value(String.self, forKey: "scalar") == "fast")
        #expect(try store.string(forKey: "scalar") == "fast")
        #expect(try store.double(forKey: "half") == 2.5)
        #expect(throws: SharedStoreError(.decodingFailed, "The value of \"half\" is a Double, not a Int.")) {
            _ = try store.value(Int.self, forKey: "half")
        }
        try store.set("text", forKey: "plain")
        #expect(throws: SharedStoreError(.decodingFailed, "The value of \"plain\" is a property-list value, not a Order.")) {
            _ = try store.value(Order.self, forKey: "plain")
        }
    }

    @Test func nonPropertyListValueIsRefusedByKey() throws {
        #expect(throws: SharedStoreError(.notAPropertyList, "The value for \"order\" is a Order, not a property-list value; store it with set(codable:forKey:).")) {
            try store().set(Order(pizza: "x", quantity: 1), forKey: "order")
        }
    }

    @Test func unentitledGroupIsRefused() throws {
        let containers = AppGroupContainers(entitledGroups: ["group.mine"], stateFolder: folder.path)
        #expect(throws: SharedStoreError(.notEntitled, "This process is not entitled to the app group \"group.other\"; its groups: group.mine.")) {
            _ = try SharedStore(suiteName: "group.other", containers: containers)
        }
        let mine = try SharedStore(suiteName: "group.mine", containers: containers)
        try mine.set(1, forKey: "k")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/AppGroups/group.mine/" + SharedStore.fileName))
    }

    @Test func updateIsAtomicWithinAProcess() async throws {
        let store = try store()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<250 { _ = try? store.update("n", as: Int.self) { ($0 ?? 0) + 1 } } }
            }
        }
        #expect(try store.value(Int.self, forKey: "n") == 1000)
    }
}

/// The group's container is writable by sandboxed extensions: a symlink planted there must never
/// lead an app (not sandboxed) to write the file it points to.
@Suite struct SharedStoreSymlinkTests {
    @Test(arguments: [true, false])
    func aStoreThatIsASymlinkIsRefusedAndItsTargetUntouched(targetExists: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symlink-\(UUID().uuidString)").path
        let outside = folder + "-outside"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let target = outside + "/victim.sqlite"
        if targetExists { try Data().write(to: URL(fileURLWithPath: target)) }
        let store = folder + "/" + SharedStore.fileName
        try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: target)
        let error = #expect(throws: SharedStoreError.self) { try SharedStore(suiteName: "group.com.example.test", path: store) }
        #expect(error?.message == "The shared store \(store) is a symbolic link (to \(target)); it is not opened.")
        #expect(FileManager.default.fileExists(atPath: target) == targetExists)
        #expect((try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0 == 0)
    }
}
