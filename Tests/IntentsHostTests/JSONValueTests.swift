import CommandReports
import Foundation
import Testing

/// The JSON `intents` prints is written without Foundation (the client links none); for the
/// keys and values the reports hold, it is byte for byte what `JSONSerialization` wrote before.
@Suite struct JSONValueTests {
    /// Keys of ASCII letters, digits and punctuation, as parameter and property names hold them.
    static func key(_ random: inout SplitMix) -> String {
        // ASCII only: other characters sort by code point here and by ICU's collation there.
        let alphabet = Array("aAbBzZ019_-. x/")
        return String((0..<Int.random(in: 1...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    static func text(_ random: inout SplitMix) -> String {
        let alphabet: [Character] = ["a", "/", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{1}", "\u{1f}", "\u{7f}", "é", "😀", "\u{2028}", " "]
        return String((0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    }

    /// A value and the same as Foundation's plain objects.
    static func value(_ random: inout SplitMix, depth: Int = 0) -> (JSONValue, Any) {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
        case 0:
            let text = text(&random)
            return (.string(text), text)
        case 1:
            let number = Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...63, using: &random)
            return (.integer(number), number)
        case 2:
            let doubles = [0.1, 2.0, -0.0, 1e15, 1e16, 1e-7, 123456789.125, 0.30000000000000004, 5e-324, 1.7976931348623157e308, 3.0e-5]
            let number = Bool.random(using: &random) ? doubles.randomElement(using: &random)!
                : Double.random(in: -1e6...1e6, using: &random)
            return (.number(number), number)
        case 3:
            let flag = Bool.random(using: &random)
            return (.bool(flag), flag)
        case 4:
            return (.null, NSNull())
        case 5:
            let elements = (0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) }
            return (.array(elements.map(\.0)), elements.map(\.1))
        default:
            var json: [String: JSONValue] = [:], plain: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let key = key(&random)
                let (value, object) = value(&random, depth: depth + 1)
                json[key] = value
                plain[key] = object
            }
            return (.object(json), plain)
        }
    }

    @Test func randomDocumentsAreWrittenAsJSONSerializationWritesThem() throws {
        var random = SplitMix(seed: 2026)
        var compared = 0
        var attempts = 0
        while compared < 1000 && attempts < 20_000 {
            attempts += 1
            let (json, plain) = Self.value(&random, depth: 1)
            guard case .object = json else { continue }
            let expected = String(decoding: try JSONSerialization.data(withJSONObject: plain, options: [.sortedKeys, .withoutEscapingSlashes]),
                                  as: UTF8.self)
            #expect(json.text == expected)
            compared += 1
        }
        #expect(compared == 1000)
    }

    @Test func keysSortAsTheReportsAlwaysSortedThem() {
        let keys = ["a10", "a2", "B", "a", "_x", "Z", "b", "a_b", "aB", "ab", "Ab", "1", "10", "9", "a-b", "a.b", "A1", "a01", "a1", "codeName", "code"]
        #expect(keys.sorted(by: JSONKeyOrder.precedes)
            == ["_x", "1", "9", "10", "a", "a_b", "a-b", "a.b", "a1", "a01", "A1", "a2", "a10", "ab", "aB", "Ab", "b", "B", "code", "codeName", "Z"])
    }

    @Test func numbersJSONCannotHoldAreWrittenAsNull() {
        #expect(JSONValue.array([.number(.infinity), .number(.nan), .number(-0.0), .number(2)]).text == "[null,null,-0,2]")
    }
}
