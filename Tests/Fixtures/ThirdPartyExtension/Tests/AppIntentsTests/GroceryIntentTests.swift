import AppIntentsTesting
import Foundation
import Testing

/// The fixture's plists, laid out with the package's build products by the test host.
let fixtureInfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Info").path

/// The grocery list app's App Intents, tested out of process as Apple's AppIntentsTesting tests
/// them: the installed extension runs each intent in its sandbox. Each test has a host of its
/// own (the list is the extension's, and each host starts from the app's seed data).
@Suite struct GroceryIntentTests {
    let defs = IntentDefinitions(bundleIdentifier: "org.thirdparty.Groceries")

    @Test(.hostUnderTest(infoFolder: fixtureInfo))
    func addingAnItemReturnsIt() async throws {
        let result = try await defs.intents["AddItemIntent"].makeIntent(name: "Apples", quantity: 3, aisle: "produce").run()
        let name: String = try result.value.name
        let quantity: Int = try result.value.quantity
        let aisle: AnyAppEnum = try result.value.aisle
        #expect(name == "Apples")
        #expect(quantity == 3)
        #expect(aisle.rawValue == "produce")

        let found = try await defs.entities["GroceryItem"].entities(matching: "apple")
        #expect(found.count == 1)
    }

    @Test(.hostUnderTest(infoFolder: fixtureInfo))
    func aMissingNameIsAskedFor() async throws {
        let add = defs.intents["AddItemIntent"].makeIntent(quantity: 2)
        await #expect {
            try await add.run()
        } throws: { error in
            (error as? HostUnderTestError)?.question?.dialog == "What would you like to add?"
        }
        let result = try await add.run(answers: [.value("Pears")])
        let name: String = try result.value.name
        #expect(name == "Pears")
    }

    @Test(.hostUnderTest(infoFolder: fixtureInfo))
    func tooManyIsTheAppsOwnError() async throws {
        await #expect {
            try await defs.intents["AddItemIntent"].makeIntent(name: "Limes", quantity: 30).run()
        } throws: { error in
            let failure = error as? HostUnderTestError
            return failure?.kind == .performFailed && failure?.failureCase == "quantityTooLarge(30)"
        }
    }

    @Test(.hostUnderTest(infoFolder: fixtureInfo))
    func listingAnAisleReturnsItsItems() async throws {
        let result = try await defs.intents["ListItemsIntent"].makeIntent(aisle: defs.enums["Aisle"].makeCase("dairy")).run()
        let items: [AnyAppEntity] = try result.value
        #expect(items.count == 3)
        let first: String = try result.value[0].name
        #expect(first == "Milk")
    }

    @Test(.hostUnderTest(infoFolder: fixtureInfo))
    func checkingOffByNameRemovesTheFirstMatch() async throws {
        try await defs.intents["CheckOffItemIntent"].makeIntent(item: "Bread").run()
        #expect(try await defs.entities["GroceryItem"].entities(matching: "Bread").isEmpty)
        #expect(try await defs.entities["GroceryItem"].suggestedEntities().count == 3)
    }

    /// The lock policy, as the test sets it: the intents run in every lock state, but a name
    /// needs the string query, which the host asks only while unlocked.
    @Test(arguments: [LockStateValue.unlocked, .locked, .lockedBeforeFirstUnlock])
    func checkingOffAcrossLockStates(_ lockState: LockStateValue) async throws {
        try await HostUnderTest.withHost(.init(infoFolder: fixtureInfo, lockState: lockState)) {
            let milk = defs.entities["GroceryItem"].makeReference(identifier: "milk")
            try await defs.intents["CheckOffItemIntent"].makeIntent(item: milk).run()
            let byName = defs.intents["CheckOffItemIntent"].makeIntent(item: "Eggs")
            if lockState == .unlocked {
                try await byName.run()
            } else {
                await #expect {
                    try await byName.run()
                } throws: { error in
                    (error as? HostUnderTestError)?.rule == "entity-query-while-locked"
                }
            }
        }
    }
}
