import Foundation
import Testing

/// Groceries: an App Intents extension written the way shipping apps write one (summaries,
/// `@Property`, an awaited `requestValue`, errors with their own text, a range, an `IntentFile`
/// parameter, an intent that is not discoverable, an entity slot in a phrase), its intents in a
/// package it shares with its app (`AppIntentsPackage`), built with the SDK's
/// `AppIntentsMetadata` plugin, and laid out as Xcode builds it: `Extensions/`, Xcode's plists
/// unchanged. Every conversation runs through real extension processes.
extension ThirdPartyExtensionTests {
    /// Lays out `Groceries.app/Extensions/GroceryIntents.appex` with the fixture's plists.
    func bundleGroceries() throws {
        let appex = apps.path + "/Groceries.app/Extensions/GroceryIntents.appex"
        try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture + "/Info/Groceries/Info.plist", toPath: apps.path + "/Groceries.app/Info.plist")
        try FileManager.default.copyItem(atPath: fixture + "/Info/GroceryIntents/Info.plist", toPath: appex + "/Info.plist")
        try FileManager.default.copyItem(atPath: Self.scratch + "/debug/libGroceryIntents.so", toPath: appex + "/libGroceryIntents.so")
    }

    func groceries(_ state: TemporaryFolder, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await shell([Package.cli, "--apps", apps.path, "--state", state.path] + arguments)
    }

    static func lastJSON(_ output: String) throws -> [String: Any] {
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") }, "no JSON in:\n\(output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Installed while locked: its intents, descriptions, summaries, policies and App Shortcuts
    /// are known at once from what its build compiled in (a locked device runs no extension to
    /// learn them).
    @Test func anXcodeBuiltExtensionIsKnownWhileLockedFromItsBuild() async throws {
        let build = try await Self.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        try bundleGroceries()
        let state = TemporaryFolder()
        #expect(try await shell([Package.cli, "validate", apps.path + "/Groceries.app"]).status == 0)
        #expect(try await groceries(state, ["lock"]).status == 0)

        let listing = try await groceries(state, ["apps", "--json"])
        #expect(listing.status == 0, "\(listing.output)")
        let app = try #require((try Self.lastJSON(listing.output)["apps"] as? [[String: Any]])?.first)
        let bundle = try #require((app["extensions"] as? [[String: Any]])?.first)
        #expect(bundle["bundleIdentifier"] as? String == "org.thirdparty.Groceries.GroceryIntents")
        let intents = try #require(bundle["appIntents"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: intents.map { ($0["name"] as? String ?? "", $0) })
        #expect(byName.keys.sorted() == ["AddItemIntent", "CheckOffItemIntent", "ClearListIntent", "ImportListIntent", "ListItemsIntent",
                                         "ResetDemoDataIntent"])
        #expect(byName["AddItemIntent"]?["description"] as? String == "Adds an item to your grocery list.")
        #expect(byName["AddItemIntent"]?["parameterSummary"] as? String == "Add ${quantity} ${name}")
        #expect(byName["ListItemsIntent"]?["parameterSummary"] as? String == "List all items")
        #expect(byName["ClearListIntent"]?["authenticationPolicy"] as? String == "requiresAuthentication")
        #expect(byName["ResetDemoDataIntent"]?["isDiscoverable"] as? Bool == false)
        #expect((byName["ImportListIntent"]?["unavailableReason"] as? String)?.contains("IntentFile") == true)
        let quantity = (byName["AddItemIntent"]?["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "quantity" }
        #expect(quantity?["minimum"] as? Double == 1)
        #expect(quantity?["maximum"] as? Double == 99)

        let listed = try await groceries(state, ["shortcuts", "list", "--json"])
        let shortcuts = try #require(try Self.lastJSON(listed.output)["appShortcuts"] as? [[String: Any]], "\(listed.output)")
        #expect(shortcuts.map { $0["intent"] as? String } == ["AddItemIntent", "CheckOffItemIntent", "ListItemsIntent", "ClearListIntent"])
        #expect(shortcuts.first?["description"] as? String == "Adds an item to your grocery list.")
        let help = try await groceries(state, ["say", "What can I do with Groceries?"])
        #expect(help.output.contains("\"Add an item to Groceries\"  \u{2014} Adds an item to your grocery list."), "\(help.output)")

        // Its lock policy is judged from the build, with no process: refused while locked.
        let clear = try await groceries(state, ["send", "ClearListIntent", "--yes"])
        #expect(clear.status == 3, "\(clear.output)")
    }

    /// Conversations as iOS has them: the parameter's own dialogs, an awaited `requestValue`,
    /// an error shown by its `localizedStringResource`, a range, an intent refused alone, an
    /// intent that runs though it is not discoverable.
    @Test func groceriesConversationsBehaveAsOnIOS() async throws {
        let build = try await Self.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        try bundleGroceries()
        let state = TemporaryFolder()

        // "milk" matches Milk and Oat Milk: the host asks with requestDisambiguationDialog.
        let checked = try await groceries(state, ["send", "CheckOffItemIntent", "--param", "item=milk", "--answer", "2", "--json"])
        #expect(checked.status == 0, "\(checked.output)")
        let checkedJSON = try Self.lastJSON(checked.output)
        #expect((checkedJSON["prompts"] as? [[String: Any]])?.first?["text"] as? String == "Which item did you pick up?", "\(checked.output)")
        #expect(checkedJSON["dialog"] as? String == "Checked off Oat Milk.")

        // No name: perform() awaits $name.requestValue(...), which returns the answer.
        let added = try await groceries(state, ["send", "AddItemIntent", "--param", "quantity=2", "--answer", "Apples", "--json"])
        #expect(added.status == 0, "\(added.output)")
        let addedJSON = try Self.lastJSON(added.output)
        #expect((addedJSON["prompts"] as? [[String: Any]])?.first?["text"] as? String == "What would you like to add?", "\(added.output)")
        #expect(addedJSON["dialog"] as? String == "Added 2 Apples to your list.")

        // The error's own text, and its case for scripts.
        let tooMany = try await groceries(state, ["send", "AddItemIntent", "--param", "name=Pears", "--param", "quantity=30", "--json"])
        #expect(tooMany.status == 4, "\(tooMany.output)")
        let tooManyJSON = try Self.lastJSON(tooMany.output)
        #expect(tooManyJSON["failure"] as? String == "You can't add 30 of anything. Try a smaller number.")
        #expect(tooManyJSON["failureCase"] as? String == "quantityTooLarge(30)")
        let plain = try await groceries(state, ["send", "AddItemIntent", "--param", "name=Pears", "--param", "quantity=30"])
        #expect(plain.output.contains("You can't add 30 of anything. Try a smaller number."), "\(plain.output)")
        #expect(!plain.output.contains("quantityTooLarge"), "\(plain.output)")

        // Outside inclusiveRange (1...99): the value is refused, naming the range.
        let outside = try await groceries(state, ["send", "AddItemIntent", "--param", "name=Pears", "--param", "quantity=120", "--non-interactive"])
        #expect(outside.status != 0)
        #expect(outside.output.contains("120 is not a Quantity of AddItemIntent: it takes 1 to 99."), "\(outside.output)")

        // An IntentFile parameter: that intent is refused alone.
        let imported = try await groceries(state, ["send", "ImportListIntent"])
        #expect(imported.status != 0)
        #expect(imported.output.contains("ImportListIntent of org.thirdparty.Groceries.GroceryIntents cannot run on this host"), "\(imported.output)")

        // Not discoverable: runs when named, has no phrase.
        let reset = try await groceries(state, ["send", "ResetDemoDataIntent", "--json"])
        #expect(reset.status == 0, "\(reset.output)")
        #expect(try Self.lastJSON(reset.output)["dialog"] as? String == "The demo data is reset.")

        // A value of entities, returned as the intent's value.
        let listed = try await groceries(state, ["send", "ListItemsIntent", "--param", "aisle=dairy", "--json"])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(try Self.lastJSON(listed.output)["dialog"] as? String == "3 items: Milk, Eggs, Oat Milk.")
    }

    /// The entity slot of "Check off <item> in Groceries" is filled from the extension's
    /// `suggestedEntities()`, asked by the host itself: no app process ever runs.
    @Test func aPhraseWithAnEntitySlotWorksWithNoAppProcess() async throws {
        let build = try await Self.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        try bundleGroceries()
        let state = TemporaryFolder()
        let said = try await groceries(state, ["say", "Check off bread in Groceries", "--json", "--non-interactive"])
        #expect(said.status == 0, "\(said.output)")
        #expect(try Self.lastJSON(said.output)["dialog"] as? String == "Checked off Bread.")
    }
}
