import ExtensionProtocol
import Testing

/// What `describeAppIntents` tells the host of code written as shipping apps write it: summary
/// templates, entity properties, discoverability, returned values, ranges, the custom intent an
/// intent replaces, and an intent the host cannot run described beside the others.
@Suite struct ShippingMetadataTests {
    let host = TestHost()

    enum Names {
        static let add = "AppIntentsTests.Shipping.AddItemIntent"
        static let find = "AppIntentsTests.Shipping.FindItemsIntent"
        static let scan = "AppIntentsTests.Shipping.ScanReceiptIntent"
        static let soup = "AppIntentsTests.Shipping.OrderSoupIntent"
        static let open = "AppIntentsTests.Shipping.OpenItemIntent"
        static let item = "AppIntentsTests.Shipping.GroceryItem"
        static let aisle = "AppIntentsTests.Shipping.Aisle"
        static let receipt = "AppIntentsTests.Shipping.Receipt"
        static let search = "AppIntentsTests.Shipping.SearchItemsIntent"
    }

    @Test func aTitleWithADefaultValueReadsAsThatValue() async throws {
        let metadata = try await host.describe([Names.search])
        #expect(metadata.intents.first?.title == "Search Items")
        #expect(metadata.intents.first?.returnType == AppValueTypeSchema(kind: .string))
    }

    @Test func summariesAreTemplatesOfTheirDefaultBranches() async throws {
        let metadata = try await host.describe([Names.add, Names.find, Names.soup])
        #expect(metadata.intents.map(\.parameterSummary) == ["Add ${quantity} ${name}", "Find items in ${aisle} under ${weight}", nil])
    }

    @Test func entityPropertiesAreDescribedWithTheirTitlesAndTypes() async throws {
        let metadata = try await host.describe([Names.find])
        let item = try #require(metadata.entity(typeName: Names.item))
        #expect(item.properties == [
            AppEntityPropertySchema(name: "name", title: "Name", type: AppValueTypeSchema(kind: .string)),
            AppEntityPropertySchema(name: "quantity", title: "Quantity", type: AppValueTypeSchema(kind: .integer)),
            AppEntityPropertySchema(name: "aisle", title: "Aisle", type: AppValueTypeSchema(kind: .enumeration, typeName: Names.aisle, isOptional: true)),
            AppEntityPropertySchema(name: "note", title: "note", type: AppValueTypeSchema(kind: .string, isOptional: true)),
        ])
        #expect(!item.isTransient)
        #expect(metadata.enumeration(typeName: Names.aisle) != nil)
    }

    @Test func discoverabilityReturnedValuesAndRangesAreDescribed() async throws {
        let metadata = try await host.describe([Names.add, Names.find, Names.soup, Names.open])
        #expect(metadata.intents.map(\.isDiscoverable) == [true, false, true, true])
        #expect(metadata.intents.map(\.returnType) == [
            AppValueTypeSchema(kind: .integer), AppValueTypeSchema(kind: .entity, typeName: Names.item, isList: true), nil, nil,
        ])
        let add = try #require(metadata.intent(typeName: Names.add))
        #expect(add.parameter(named: "quantity")?.minimum == 1)
        #expect(add.parameter(named: "quantity")?.maximum == 99)
        #expect(add.parameter(named: "name")?.description == "What to buy")
        #expect(add.description == nil, "A non-optional description is not seen at run time; the build-time extractor reads it.")
        let find = try #require(metadata.intent(typeName: Names.find))
        #expect(find.parameter(named: "weight")?.minimum == 0.5)
        #expect(find.parameter(named: "weight")?.maximum == 10)
        #expect(metadata.intent(typeName: Names.soup)?.customIntentClassName == "OrderSoupIntent")
        #expect(add.customIntentClassName == nil)
        #expect(metadata.intent(typeName: Names.open)?.openAppWhenRun == true)
    }

    @Test func anIntentWithAFileParameterIsUnavailableAndTheOthersStillDescribe() async throws {
        let metadata = try await host.describe([Names.add, Names.scan, Names.find])
        #expect(metadata.intents.map(\.name) == ["AddItemIntent", "ScanReceiptIntent", "FindItemsIntent"])
        let scan = try #require(metadata.intent(typeName: Names.scan))
        #expect(scan.unavailableReason == "The parameter \"file\" of \(Names.scan) has the type IntentFile, which the host cannot carry.")
        #expect(scan.parameters.isEmpty)
        #expect(scan.returnType == AppValueTypeSchema(kind: .entity, typeName: Names.receipt))
        #expect(metadata.entity(typeName: Names.receipt)?.isTransient == true)
        #expect(metadata.entity(typeName: Names.receipt)?.properties.map(\.title) == ["Total"])
        #expect(metadata.intents.filter { $0.unavailableReason != nil }.map(\.name) == ["ScanReceiptIntent"])
    }
}
