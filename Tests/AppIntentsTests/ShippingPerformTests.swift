import ExtensionProtocol
@testable import AppIntents
import Testing

/// `perform()` of code written as shipping apps write it: a value asked for and returned in
/// place, an error reported by its own text and case, dependencies resolved, and continuing in
/// the app.
@Suite(.serialized) struct ShippingPerformTests {
    let host = TestHost()

    init() {
        Shipping.registerDependencies()
    }

    @Test func anAskedForValueIsReturnedToPerform() async throws {
        let question = try await host.perform(ShippingMetadataTests.Names.soup, conversation: 40).question
        #expect(question == AppIntentQuestion(kind: .value, parameter: "quantity", dialog: "How many soups?"))
        let confirm = try await host.answer(.value(.integer(3)), conversation: 40).question
        #expect(confirm == AppIntentQuestion(kind: .intentConfirmation, dialog: "Continue in the app?"))
        let result = try await host.answer(.confirmation(true), conversation: 40, id: 5).result
        #expect(result == AppIntentResultPayload(dialog: "Ordering 6 half soups.", opensApp: true))
    }

    @Test func needingTheForegroundEndsPerformAndOpensTheApp() async throws {
        _ = try await host.perform(ShippingMetadataTests.Names.soup, conversation: 41).question
        let result = try await host.answer(.value(.integer(5)), conversation: 41).result
        #expect(result == AppIntentResultPayload(dialog: "Five soups need the app.", opensApp: true))
    }

    @Test func anErrorIsReportedByItsOwnTextWithItsCase() async throws {
        let result = try await host.perform(ShippingMetadataTests.Names.add, conversation: 42,
                                            ["name": .string("Milk"), "quantity": .integer(100)]).result
        #expect(result.failure == "You can add at most 99 of an item, not 100.")
        #expect(result.failureCase == "quantityTooLarge(100)")
        #expect(!result.declinedByUser)
    }

    @Test func dependenciesAreResolvedBeforePerform() async throws {
        let result = try await host.perform(ShippingMetadataTests.Names.add, conversation: 43,
                                            ["name": .string("Eggs"), "quantity": .integer(3)]).result
        #expect(result == AppIntentResultPayload(dialog: "Added 3 Eggs.", value: .integer(5)))
    }

    @Test func fileHandlingCodeRunsWithTheLinuxForms() async throws {
        let result = try await host.perform(ShippingMetadataTests.Names.search, conversation: 44, ["query": .string("milk")]).result
        #expect(result.value == .string("application/pdf"))
    }

    @Test func aMissingDependencyFailsNamingItsType() async throws {
        let manager = AppDependencyManager()
        await #expect(throws: (any Error).self) { try await manager.resolve(Shipping.GroceryStore.self, key: "nothing") }
        do {
            _ = try await manager.resolve(Shipping.GroceryStore.self, key: nil)
            Issue.record("An empty manager resolved a dependency.")
        } catch {
            #expect("\(error)" == "No dependency of type GroceryStore was added to the AppDependencyManager before the intent ran.")
        }
    }
}
