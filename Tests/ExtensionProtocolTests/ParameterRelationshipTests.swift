import Framing
import Testing
@testable import ExtensionProtocol

/// A parameter that applies only under its parent's value: when it holds, and how it crosses
/// the process boundary with its parameter.
@Suite struct ParameterRelationshipTests {
    let delivery = EnumerationValue(rawValue: 2, name: "delivery")
    let pickup = EnumerationValue(rawValue: 1, name: "pickup")

    @Test func anExactValueHoldsOnlyForThatValue() {
        let relationship = ParameterRelationship(parent: "orderType", values: ["delivery"])
        #expect(relationship.holds(forParentValue: .enumeration(delivery)))
        #expect(!relationship.holds(forParentValue: .enumeration(pickup)))
        #expect(!relationship.holds(forParentValue: nil))
        #expect(relationship.holds(forParentValue: .list([.enumeration(pickup), .enumeration(delivery)])))
        #expect(!relationship.holds(forParentValue: .list([])))
    }

    @Test func anyValueHoldsForEveryValueButNone() {
        let relationship = ParameterRelationship(parent: "note")
        #expect(relationship.holds(forParentValue: .string("ring twice")))
        #expect(relationship.holds(forParentValue: .boolean(false)))
        #expect(!relationship.holds(forParentValue: nil))
    }

    @Test func booleansMatchTrueAndFalse() {
        let off = ParameterRelationship(parent: "express", values: ["false"])
        #expect(off.holds(forParentValue: .boolean(false)))
        #expect(!off.holds(forParentValue: .boolean(true)))
        // A property list's <false/> reads as 0 on Linux.
        #expect(ParameterRelationship(parent: "express", values: ["0"]).holds(forParentValue: .boolean(false)))
    }

    @Test func theRelationshipCrossesWithItsParameter() throws {
        let schema = ParameterSchema(name: "deliveryAddress", type: .placemark,
                                     relationship: ParameterRelationship(parent: "orderType", values: ["delivery", "both"]))
        var writer = WireWriter()
        schema.write(to: &writer)
        var reader = WireReader(writer.bytes)
        #expect(try ParameterSchema(from: &reader) == schema)
        var plainWriter = WireWriter()
        ParameterSchema(name: "note", type: .string).write(to: &plainWriter)
        var plainReader = WireReader(plainWriter.bytes)
        #expect(try ParameterSchema(from: &plainReader).relationship == nil)
    }
}

extension ParameterRelationshipTests {
    @Test func anExtensionListingTooManyValuesIsRefused() {
        var writer = WireWriter()
        ParameterRelationship(parent: "orderType", values: (0...ParameterRelationship.maximumValues).map(String.init)).write(to: &writer)
        var reader = WireReader(writer.bytes)
        #expect(throws: (any Error).self) { try ParameterRelationship(from: &reader) }
    }
}
