import Foundation
import Testing
@testable import IntentDefinitionCodegen

/// Parameter relationships, limits, searchable options and property paths in response dialogs:
/// read from the definition as Xcode writes them, and generated as Xcode generates them.
@Suite struct RelationshipsAndLimitsTests {
    /// An order intent shaped like a soup shop's: an order type, a delivery address asked only for
    /// delivery orders, a quantity limited to 1...10, a store offered from a searchable list, and a
    /// response whose dialog names a property of an object output.
    static func orderDefinition(relationship: [String: Any]? = nil, quantityMetadata: Any? = nil) -> [String: Any] {
        var address: [String: Any] = ["INIntentParameterSupportsResolution": true]
        address["INIntentParameterRelationship"] = relationship ?? [
            "INIntentParameterRelationshipParentName": "orderType",
            "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
            "INIntentParameterRelationshipPredicateValue": "delivery",
        ]
        let quantity: [String: Any] = [
            "INIntentParameterSupportsResolution": true,
            "INIntentParameterMetadata": quantityMetadata ?? ["INIntentParameterMetadataMinimumValue": 1, "INIntentParameterMetadataMaximumValue": 10],
            "INIntentParameterUnsupportedReasons": [
                ["INIntentParameterUnsupportedReasonCode": "greaterThanMaximumValue",
                 "INIntentParameterUnsupportedReasonFormatString": "${displayName} can't be higher than ${maximumValue}."],
                ["INIntentParameterUnsupportedReasonCode": "lessThanMinimumValue",
                 "INIntentParameterUnsupportedReasonFormatString": "${displayName} can't be lower than ${minimumValue}."],
                ["INIntentParameterUnsupportedReasonCode": "tooMany",
                 "INIntentParameterUnsupportedReasonFormatString": "We have fewer than ${quantity} bowls."],
            ],
        ]
        return [
            "INEnums": [["INEnumName": "OrderType", "INEnumValues": [
                ["INEnumValueName": "unknown", "INEnumValueIndex": 0],
                ["INEnumValueName": "pickup", "INEnumValueIndex": 1],
                ["INEnumValueName": "delivery", "INEnumValueIndex": 2],
            ]]],
            "INTypes": [["INTypeName": "OrderDetails", "INTypeProperties": [
                ["INTypePropertyName": "identifier", "INTypePropertyType": "String", "INTypePropertyDefault": true],
                ["INTypePropertyName": "total", "INTypePropertyType": "CurrencyAmount"],
            ]]],
            "INIntents": [intentEntry("OrderBowl", parameters: [
                parameterEntry("quantity", "Integer", quantity.merging(["INIntentParameterDisplayName": "Quantity"]) { $1 }),
                parameterEntry("orderType", "Integer", ["INIntentParameterEnumType": "OrderType", "INIntentParameterSupportsResolution": true]),
                parameterEntry("deliveryAddress", "Placemark", address),
                parameterEntry("store", "Placemark", ["INIntentParameterSupportsDynamicEnumeration": true, "INIntentParameterSupportsSearch": true,
                                                      "INIntentParameterRelationship": ["INIntentParameterRelationshipParentName": "orderType",
                                                                                        "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
                                                                                        "INIntentParameterRelationshipPredicateValue": "pickup"]]),
                parameterEntry("note", "String", ["INIntentParameterSupportsDynamicEnumeration": true]),
            ], codes: [
                ["INIntentResponseCodeName": "success", "INIntentResponseCodeSuccess": true,
                 "INIntentResponseCodeFormatString": "Your total is ${orderDetails.total}. Ready in ${waitTime}."],
            ], outputs: [
                ["INIntentResponseParameterName": "waitTime", "INIntentResponseParameterType": "String"],
                ["INIntentResponseParameterName": "orderDetails", "INIntentResponseParameterType": "Object",
                 "INIntentResponseParameterObjectType": "OrderDetails"],
            ])],
        ]
    }

    @Test func relationshipsLimitsAndSearchAreRead() throws {
        let intent = try #require(try read(Self.orderDefinition()).intents.first)
        let byName = Dictionary(uniqueKeysWithValues: intent.parameters.map { ($0.name, $0) })
        #expect(byName["deliveryAddress"]?.relationship == IntentDefinition.Relationship(parent: "orderType", values: ["delivery"]))
        #expect(byName["store"]?.relationship == IntentDefinition.Relationship(parent: "orderType", values: ["pickup"]))
        #expect(byName["store"]?.supportsSearch == true)
        #expect(byName["quantity"]?.minimum == 1 && byName["quantity"]?.maximum == 10)
        #expect(byName["note"]?.relationship == nil && byName["note"]?.supportsSearch == false)
    }

    @Test func otherPredicatesAreRead() throws {
        let anyValue = try #require(try read(Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "orderType", "INIntentParameterRelationshipPredicateName": "HasAnyValue",
        ])).intents.first?.parameters.first { $0.name == "deliveryAddress" })
        #expect(anyValue.relationship == IntentDefinition.Relationship(parent: "orderType", values: []))
        // Xcode leaves out the value of a Boolean parent that must be off.
        let off = try #require(try read(Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "orderType", "INIntentParameterRelationshipPredicateName": "BooleanHasExactValue",
        ])).intents.first?.parameters.first { $0.name == "deliveryAddress" })
        #expect(off.relationship?.values == ["false"])
        let several = try #require(try read(Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "orderType", "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
            "INIntentParameterRelationshipPredicateValues": ["delivery", "pickup"],
        ])).intents.first?.parameters.first { $0.name == "deliveryAddress" })
        #expect(several.relationship?.values == ["delivery", "pickup"])
    }

    @Test func anUnknownPredicateLeavesTheParameterAlwaysApplyingWithANote() throws {
        var reader = IntentDefinitionReader(fileName: "Test.intentdefinition")
        let definition = try reader.read(try definitionData(Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "orderType", "INIntentParameterRelationshipPredicateName": "DateIsInFuture",
        ])))
        #expect(definition.intents[0].parameters.first { $0.name == "deliveryAddress" }?.relationship == nil)
        #expect(reader.notes == ["Test.intentdefinition: INIntents[0] (OrderBowl).INIntentParameters[2] (deliveryAddress).INIntentParameterRelationship.INIntentParameterRelationshipPredicateName is \"DateIsInFuture\", which this SDK does not know; the parameter applies whatever orderType holds."])
    }

    @Test func badRelationshipsAndLimitsAreRefusedNamingTheKey() {
        let orphan = errorMessage { _ = try read(Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "tip", "INIntentParameterRelationshipPredicateName": "HasAnyValue",
        ])) }
        #expect(orphan == "Test.intentdefinition: INIntents[0] (OrderBowl).INIntentParameters (deliveryAddress).INIntentParameterRelationship names the parent \"tip\", which is not another parameter of the intent.")
        let noValue = errorMessage { _ = try read(Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "orderType", "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
        ])) }
        #expect(noValue == "Test.intentdefinition: INIntents[0] (OrderBowl).INIntentParameters[2] (deliveryAddress).INIntentParameterRelationship uses EnumHasExactValue with no INIntentParameterRelationshipPredicateValue.")
        let badLimit = errorMessage { _ = try read(Self.orderDefinition(quantityMetadata: ["INIntentParameterMetadataMaximumValue": "ten"])) }
        #expect(badLimit == "Test.intentdefinition: INIntents[0] (OrderBowl).INIntentParameters[0] (quantity).INIntentParameterMetadata.INIntentParameterMetadataMaximumValue is not a number.")
    }

    @Test func generatesXcodesSignaturesAndFilledDialogs() async throws {
        let source = try generate(Self.orderDefinition())
        for line in [
            // A dialog naming `${orderDetails.total}` makes the factory take `orderDetails`, in order of appearance.
            "public static func success(orderDetails: OrderDetails, waitTime: String) -> OrderBowlIntentResponse {",
            // Limits fill the default reasons' dialogs; the parameter's own placeholder stays for the host.
            "case .greaterThanMaximumValue: return \"Quantity can't be higher than 10.\"",
            "case .lessThanMinimumValue: return \"Quantity can't be lower than 1.\"",
            "case .tooMany: return \"We have fewer than ${quantity} bowls.\"",
            // A searchable parameter's collection forms take the search term; the host sends none.
            "func provideStoreOptionsCollection(for intent: OrderBowlIntent, searchTerm: String?, with completion: @escaping (INObjectCollection<CLPlacemark>?, (any Error)?) -> Void)",
            ".providingOptions(\"store\") { try await $0.provideStoreOptionsCollection(for: $1, searchTerm: nil) }",
            // The array forms Xcode generated before iOS 14, strings as Swift imports them.
            "func provideStoreOptions(for intent: OrderBowlIntent, with completion: @escaping ([CLPlacemark]?, (any Error)?) -> Void)",
            "func provideNoteOptions(for intent: OrderBowlIntent) async throws -> [String]",
            "func provideNoteOptionsCollection(for intent: OrderBowlIntent) async throws -> INObjectCollection<NSString>",
            // Relationships reach the host through the intent's definition metadata.
            "parameterRelationships: [\"deliveryAddress\": .init(parent: \"orderType\", values: [\"delivery\"]), \"store\": .init(parent: \"orderType\", values: [\"pickup\"])])",
        ] {
            #expect(source.contains(line), "missing: \(line)")
        }
        #expect(try await typeCheckErrors(source) == nil)
    }

    @Test func aBooleanParentsValueIsReadAsWritten() throws {
        var definition = Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "express", "INIntentParameterRelationshipPredicateName": "BooleanHasExactValue",
            "INIntentParameterRelationshipPredicateValue": true,
        ])
        var intents = definition["INIntents"] as! [[String: Any]]
        var parameters = intents[0]["INIntentParameters"] as! [[String: Any]]
        parameters.insert(parameterEntry("express", "Boolean"), at: 0)
        intents[0]["INIntentParameters"] = parameters
        definition["INIntents"] = intents
        let address = try #require(try read(definition).intents.first?.parameters.first { $0.name == "deliveryAddress" })
        #expect(address.relationship?.values == ["true"] || address.relationship?.values == ["1"])
    }

    @Test func doubtfulRelationshipsGenerateWithANote() throws {
        var reader = IntentDefinitionReader(fileName: "Test.intentdefinition")
        var definition = Self.orderDefinition(relationship: [
            "INIntentParameterRelationshipParentName": "orderType", "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
            "INIntentParameterRelationshipPredicateValue": "drone",
        ])
        // The store's parent comes after it.
        var intents = definition["INIntents"] as! [[String: Any]]
        var parameters = intents[0]["INIntentParameters"] as! [[String: Any]]
        parameters.insert(parameters.remove(at: 3), at: 0)
        intents[0]["INIntentParameters"] = parameters
        definition["INIntents"] = intents
        _ = try reader.read(try definitionData(definition))
        #expect(reader.notes.contains { $0.hasSuffix("INIntentParameters (deliveryAddress).INIntentParameterRelationship depends on orderType being \"drone\", which is not a case of OrderType: the parameter never applies.") }, "\(reader.notes)")
        #expect(reader.notes.contains { $0.hasSuffix("INIntentParameters (store).INIntentParameterRelationship names the parent orderType, which comes after it: the host decides whether store applies from orderType as the user gave it, before resolving orderType.") }, "\(reader.notes)")
    }

    @Test func extremeNumbersAreRefusedOrWrittenWhole() throws {
        var definition = Self.orderDefinition(quantityMetadata: ["INIntentParameterMetadataMaximumValue": 1e15])
        #expect(try generate(definition).contains("Quantity can't be higher than 1000000000000000."))
        var enums = definition["INEnums"] as! [[String: Any]]
        var values = enums[0]["INEnumValues"] as! [[String: Any]]
        values[1]["INEnumValueIndex"] = Int.min
        enums[0]["INEnumValues"] = values
        definition["INEnums"] = enums
        #expect(errorMessage { _ = try read(definition) } == "Test.intentdefinition: INEnums[0] (OrderType).INEnumValues[1].INEnumValueIndex is not an integer.")
    }

    @Test func aTypeNamedLikeWhatTheGeneratedCodeCallsIsRefused() {
        var definition = Self.orderDefinition()
        var types = definition["INTypes"] as! [[String: Any]]
        types[0]["INTypeName"] = "Task"
        definition["INTypes"] = types
        let message = errorMessage { _ = try generate(definition) }
        #expect(message?.contains("Task") == true, "\(message ?? "no error")")
    }
}
