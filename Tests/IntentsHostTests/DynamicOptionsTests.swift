import Foundation
@testable import IntentsHost
import ExtensionProtocol
import Testing
@testable import HostBundles

/// `provide<Parameter>OptionsCollection` through a real Pizza extension process: when the
/// user names no pizza, the host offers today's menu as choices.
extension CLITests {
    @Test func missingPizzaIsChosenFromTheHandlersOptions() async throws {
        let run = try await intents(["send", "OrderPizzaIntent", "--param", "quantity=2", "--param", "deliveryTime=19:30",
                               "--answer", "2", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try run.json()
        let prompt = try #require((result["prompts"] as? [[String: Any]])?.first)
        #expect(prompt["kind"] as? String == "choice")
        #expect(prompt["text"] as? String == "Which pizza?")
        #expect(prompt["choices"] as? [String] == ["Margherita", "Pepperoni", "Pepperoni Picante", "Funghi"],
                "only the available pizzas: Quattro Formaggi is off today")
        #expect((result["parameters"] as? [String: Any]).flatMap { $0["kind"] as? [String: Any] }?["identifier"] as? String == "pepperoni")
    }

    @Test func anAnswerOutsideTheOptionsIsTakenAsAValueAndResolved() async throws {
        let named = try await intents(["send", "OrderPizzaIntent", "--param", "quantity=1", "--param", "deliveryTime=19:30",
                                 "--answer", "funghi", "--json"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect((try named.json()["parameters"] as? [String: Any]).flatMap { $0["kind"] as? [String: Any] }?["identifier"] as? String == "funghi")
        // Not on the menu: the handler says why, and the host offers the options again.
        let unknown = try await intents(["send", "OrderPizzaIntent", "--param", "quantity=1", "--answer", "calzone", "--json"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("\"calzone\" cannot be used for pizza: That pizza is not on the menu."))
        #expect(unknown.stderr.components(separatedBy: "? Which pizza?").count == 3, "offered twice")
    }
}

@Suite struct NewValueTypeParsingTests {
    func parameter(_ type: ValueType) -> ParameterSchema { ParameterSchema(name: "p", type: type) }

    @Test func urlsMustBeAbsolute() throws {
        #expect(try ValueParser.parse("https://coffee.example/menu", for: parameter(.url), of: "I") == .url("https://coffee.example/menu"))
        #expect(throws: HostError.self) { try ValueParser.parse("menu.html", for: parameter(.url), of: "I") }
    }

    @Test func placesAreNamesCoordinatesOrBoth() throws {
        #expect(try ValueParser.parse("Lisbon", for: parameter(.placemark), of: "I") == .placemark(PlacemarkValue(name: "Lisbon")))
        #expect(try ValueParser.parse("38.72;-9.14", for: parameter(.placemark), of: "I")
                == .placemark(PlacemarkValue(name: nil, latitude: 38.72, longitude: -9.14)))
        #expect(try ValueParser.parse("Café@38.72; -9.14", for: parameter(.placemark), of: "I")
                == .placemark(PlacemarkValue(name: "Café", latitude: 38.72, longitude: -9.14)))
        #expect(throws: HostError.self) { try ValueParser.parse("Nowhere@91;0", for: parameter(.placemark), of: "I") }
        #expect(throws: HostError.self) { try ValueParser.parse("@1;2", for: parameter(.placemark), of: "I") }
    }
}

/// What an extension offers as options is checked before the user sees it.
@Suite struct OptionCheckTests {
    @Test func optionsMustFitTheParameter() {
        let size = ParameterSchema(name: "size", title: "size", type: .enumeration,
                                   enumerationCases: [EnumerationValue(rawValue: 1, name: "small", display: "Small")])
        // The parameter's own words for a case, whatever label the extension put on it.
        #expect(IntentValue.enumeration(EnumerationValue(rawValue: 1, name: "small", display: "Large")).asOption(of: size)
                == .enumeration(EnumerationValue(rawValue: 1, name: "small", display: "Small")))
        #expect(IntentValue.enumeration(EnumerationValue(rawValue: 9, name: "huge")).asOption(of: size) == nil)
        let strength = ParameterSchema(name: "strength", type: .double)
        #expect(IntentValue.double(.nan).asOption(of: strength) == nil)
        #expect(IntentValue.double(.infinity).asOption(of: strength) == nil)
        #expect(IntentValue.integer(2).asOption(of: strength) == .integer(2))
        #expect(IntentValue.string("2").asOption(of: strength) == nil)
        let place = ParameterSchema(name: "pickup", type: .placemark)
        #expect(IntentValue.placemark(PlacemarkValue(name: "X", latitude: 91, longitude: 0)).asOption(of: place) == nil)
        #expect(IntentValue.placemark(PlacemarkValue(name: nil, latitude: 1, longitude: nil)).asOption(of: place) == nil)
        #expect(IntentValue.url(String(repeating: "a", count: 9000)).asOption(of: ParameterSchema(name: "u", type: .url)) == nil)
    }
}
