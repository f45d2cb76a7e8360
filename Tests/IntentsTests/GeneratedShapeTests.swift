import ExtensionProtocol
import Foundation
@testable import Intents
import CoreLocation
import Testing

/// A custom type with its own properties, as the generator declares them.
final class ProbeDrink: INObject {
    @IntentParameter(title: "caffeinated", valueType: .boolean) var caffeinated: NSNumber?
    @IntentParameter var origins: [String]?
    @IntentParameter var recipe: URL?
}

enum ProbeCup: Int, INIntentEnumeration {
    case unknown = 0, small, large
}

final class ProbeOrderIntent: INIntent {
    @IntentParameter var drink: ProbeDrink?
    @IntentEnumParameter(title: "cup") var cup: ProbeCup
    @IntentParameter(valueType: .double) var strength: NSNumber?
    @IntentParameter var pickup: CLPlacemark?
}

@Suite struct GeneratedShapeTests {
    @Test func customTypePropertiesCrossTheBoundaryBothWays() throws {
        let drink = ProbeDrink(identifier: "latte", display: "Latte")
        drink.caffeinated = NSNumber(value: true)
        drink.origins = ["Brazil", "Ethiopia"]
        drink.recipe = URL(string: "https://coffee.example/latte")
        guard case .object(let object) = drink.intentValue else { Issue.record("not an object"); return }
        #expect(object.properties["caffeinated"] == .boolean(true))
        #expect(object.properties["origins"] == .list([.string("Brazil"), .string("Ethiopia")]))
        #expect(object.properties["recipe"] == .url("https://coffee.example/latte"))
        let copy = try #require(ProbeDrink.fromIntentValue(drink.intentValue))
        #expect(copy.origins == ["Brazil", "Ethiopia"] && copy.caffeinated?.boolValue == true && copy.recipe == drink.recipe)
        // A property of the wrong kind makes no object at all.
        var bad = object
        bad.properties["origins"] = .integer(3)
        #expect(ProbeDrink.fromIntentValue(.object(bad)) == nil)
    }

    @Test func enumParametersAreNeverNilAndUnknownMeansNoValue() throws {
        let intent = try ProbeOrderIntent.make(from: IntentPayload(name: "ProbeOrderIntent", parameters: [:]))
        #expect(intent.cup == .unknown)
        #expect(intent.payload.parameters["cup"] == nil)
        let large = try ProbeOrderIntent.make(from: IntentPayload(name: "ProbeOrderIntent", parameters: [
            "cup": .enumeration(EnumerationValue(rawValue: 2, name: "large"))]))
        #expect(large.cup == .large)
        #expect(ProbeOrderIntent.schema.parameter(named: "cup")?.enumerationCases.map(\.name) == ["small", "large"],
                "unknown is not offered")
    }

    @Test func numbersKeepTheKindTheirParameterDeclares() throws {
        let intent = try ProbeOrderIntent.make(from: IntentPayload(name: "ProbeOrderIntent", parameters: ["strength": .double(1.5)]))
        #expect(intent.strength?.doubleValue == 1.5)
        #expect(intent.payload.parameters["strength"] == .double(1.5))
        intent.strength = NSNumber(value: 2)
        #expect(intent.payload.parameters["strength"] == .double(2), "an integral NSNumber still goes out as a decimal")
        #expect(ProbeOrderIntent.schema.parameter(named: "strength")?.type == .double)
    }

    @Test func placemarksCarryNameAndCoordinates() throws {
        let place = CLPlacemark.placemark(with: CLLocation(latitude: 38.7223, longitude: -9.1393), name: "Lisbon")
        #expect(place.intentValue == .placemark(PlacemarkValue(name: "Lisbon", latitude: 38.7223, longitude: -9.1393)))
        let copy = try #require(CLPlacemark.fromIntentValue(place.intentValue))
        #expect(copy == place)
        let porto = CLLocation(latitude: 41.1579, longitude: -8.6291)
        #expect(abs(place.location!.distance(from: porto) - 274_000) < 3_000, "Lisbon to Porto is about 274 km")
    }

    @Test func currencyAmountsReadAsUsersTypeThem() throws {
        let typed = try #require(INCurrencyAmount.fromIntentValue(.object(ObjectValue(identifier: nil, display: "12.50 eur"))))
        #expect(typed.amount == NSDecimalNumber(string: "12.50") && typed.currencyCode == "EUR")
        #expect(INCurrencyAmount.fromIntentValue(typed.intentValue) == typed)
        #expect(INCurrencyAmount.fromIntentValue(.object(ObjectValue(identifier: nil, display: "lots of money"))) == nil)
        // NSDecimalNumber alone would read these as 1 EUR and 12 EUR.
        #expect(INCurrencyAmount.fromIntentValue(.object(ObjectValue(identifier: nil, display: "EUR 1,000.00"))) == nil)
        #expect(INCurrencyAmount.fromIntentValue(.object(ObjectValue(identifier: nil, display: "EUR 12abc"))) == nil)
        #expect(INCurrencyAmount.fromIntentValue(.object(ObjectValue(identifier: nil, display: "-3.5 usd")))?.amount == NSDecimalNumber(string: "-3.5"))
    }

    @Test func filesKeepTheirContent() throws {
        let file = INFile(data: Data("hello".utf8), filename: "note.txt", typeIdentifier: "public.plain-text")
        let copy = try #require(INFile.fromIntentValue(file.intentValue))
        #expect(copy.data == Data("hello".utf8) && copy.filename == "note.txt" && copy.typeIdentifier == "public.plain-text")
    }

    @Test func optionsCollectionsFlattenTheirSections() async throws {
        let collection = INObjectCollection(sections: [INObjectSection(title: "Hot", items: ["latte", "mocha"]),
                                                       INObjectSection(title: "Cold", items: ["frappé"])])
        #expect(collection.allItems == ["latte", "mocha", "frappé"])
        let none: INObjectCollection<NSString> = try await withIntentOptionsCompletion { $0(nil, nil) }
        #expect(none.allItems.isEmpty)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            let _: INObjectCollection<NSString> = try await withIntentOptionsCompletion { $0(nil, Refused()) }
        }
    }
}
