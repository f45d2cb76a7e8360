import Foundation
import Testing
@testable import IntentDefinitionCodegen

/// The package's root folder, from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A definition file's bytes from a property list made here.
func definitionData(_ top: [String: Any]) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: top, format: .xml, options: 0)
}

/// A minimal custom intent with the given parameters and response.
func intentEntry(_ name: String = "Greet", parameters: [[String: Any]] = [], codes: [[String: Any]] = [],
                 outputs: [[String: Any]] = [], extra: [String: Any] = [:]) -> [String: Any] {
    var entry: [String: Any] = ["INIntentName": name, "INIntentType": "Custom", "INIntentParameters": parameters,
                                "INIntentResponse": ["INIntentResponseCodes": codes, "INIntentResponseParameters": outputs]]
    entry.merge(extra) { $1 }
    return entry
}

func parameterEntry(_ name: String, _ type: String, _ extra: [String: Any] = [:]) -> [String: Any] {
    var entry: [String: Any] = ["INIntentParameterName": name, "INIntentParameterType": type]
    entry.merge(extra) { $1 }
    return entry
}

func read(_ top: [String: Any], file: String = "Test.intentdefinition") throws -> IntentDefinition {
    var reader = IntentDefinitionReader(fileName: file)
    return try reader.read(try definitionData(top))
}

/// The message of the error `body` throws, or nil when it throws none.
func errorMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as IntentDefinitionError {
        return error.description
    } catch {
        return "unexpected \(error)"
    }
}

@Suite struct IntentDefinitionReaderTests {
    @Test func readsThePizzaSampleDefinition() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/SharedKit/SampleIntents/Intents.intentdefinition"))
        var reader = IntentDefinitionReader(fileName: "Intents.intentdefinition")
        let definition = try reader.read(data)
        let intent = try #require(definition.intents.first)
        #expect(intent.name == "OrderPizza")
        #expect(intent.parameters.map(\.name) == ["kind", "quantity", "deliveryTime"])
        #expect(intent.parameters[0].property.objectType == "Pizza")
        #expect(intent.parameters[0].supportsDynamicOptions)
        #expect(intent.parameters[1].unsupportedReasons.map(\.code) == ["negativeNumbersNotSupported", "greaterThanMaximumValue"])
        #expect(intent.responseCodes.map(\.name) == ["success", "failure", "failurePizzeriaClosed", "failurePizzaUnavailable"])
        #expect(intent.responseParameters.map(\.name) == ["waitTime", "kind"])
        #expect(definition.types.map(\.name) == ["Pizza"])
        #expect(definition.types[0].properties.isEmpty, "identifier, displayString and pronunciationHint are INObject's own")
    }

    @Test func binaryPropertyListsReadLikeXML() throws {
        let top: [String: Any] = ["INIntents": [intentEntry(parameters: [parameterEntry("name", "String")])]]
        let binary = try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
        var reader = IntentDefinitionReader(fileName: "Binary.intentdefinition")
        #expect(try reader.read(binary).intents.first?.parameters.first?.name == "name")
    }

    @Test func enumValuesWithoutAnIndexAreZero() throws {
        let top: [String: Any] = ["INEnums": [["INEnumName": "Size", "INEnumValues": [
            ["INEnumValueName": "unknown"], ["INEnumValueName": "large", "INEnumValueIndex": 3]]]]]
        #expect(try read(top).enums.first?.values.map(\.index) == [0, 3])
    }

    @Test func systemIntentsAreSkippedWithANote() throws {
        var reader = IntentDefinitionReader(fileName: "Media.intentdefinition")
        let top: [String: Any] = ["INIntents": [["INIntentName": "PlayMedia", "INIntentType": "System"], intentEntry()]]
        #expect(try reader.read(try definitionData(top)).intents.map(\.name) == ["Greet"])
        #expect(reader.notes.count == 1)
        #expect(reader.notes.first?.contains("PlayMedia") == true)
    }

    @Test func olderFilesWriteFlagsAsStringsOrNumbers() throws {
        let top: [String: Any] = ["INIntents": [intentEntry(parameters: [parameterEntry("tags", "String", [
            "INIntentParameterSupportsMultipleValues": "YES", "INIntentParameterSupportsResolution": 1])])]]
        let parameter = try #require(try read(top).intents.first?.parameters.first)
        #expect(parameter.property.isList)
        #expect(parameter.supportsResolution)
    }

    @Test func theClassPrefixStartsTheIntentName() throws {
        let top: [String: Any] = ["INIntents": [intentEntry("GetItemState", extra: ["INIntentClassPrefix": "OpenHAB"])]]
        #expect(try read(top).intents.first?.name == "OpenHABGetItemState")
    }

    @Test func badFilesGetOneSentenceNamingTheFileAndKey() throws {
        var reader = IntentDefinitionReader(fileName: "Broken.intentdefinition")
        let notAPlist = errorMessage { _ = try reader.read(Data("not a plist".utf8)) }
        #expect(notAPlist?.hasPrefix("Broken.intentdefinition is not a property list") == true)

        let array = errorMessage { _ = try reader.read(try PropertyListSerialization.data(fromPropertyList: [1], format: .xml, options: 0)) }
        #expect(array?.contains("does not hold a dictionary") == true)

        let unnamed = errorMessage { _ = try read(["INIntents": [["INIntentType": "Custom"]]], file: "Broken.intentdefinition") }
        #expect(unnamed == "Broken.intentdefinition: INIntents[0].INIntentName is missing.")

        let injected = errorMessage {
            _ = try read(["INIntents": [intentEntry(parameters: [parameterEntry("kind: Int }\nimport Evil", "String")])]])
        }
        #expect(injected?.contains("INIntentParameterName is \"kind: Int }\\nimport Evil\", which is not a Swift name") == true)

        let wrongKind = errorMessage { _ = try read(["INIntents": "all"]) }
        #expect(wrongKind == "Test.intentdefinition: INIntents is not an array.")

        let noType = errorMessage { _ = try read(["INIntents": [intentEntry(parameters: [["INIntentParameterName": "name"]])]]) }
        #expect(noType == "Test.intentdefinition: INIntents[0] (Greet).INIntentParameters[0] (name) has no INIntentParameterType.")
    }

    @Test func binaryListsWithSetsAreRefusedBeforeFoundationSeesThem() throws {
        // bplist00 with a set object (0xC0): swift-corelibs-foundation crashes on these.
        var bytes: [UInt8] = Array("bplist00".utf8) + [0xC1, 0x01, 0x10, 0x05]
        let offsetTable = bytes.count
        bytes += [8, 10]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0]
        bytes += withUnsafeBytes(of: UInt64(offsetTable).bigEndian, Array.init)
        var reader = IntentDefinitionReader(fileName: "Set.intentdefinition")
        let message = errorMessage { _ = try reader.read(Data(bytes)) }
        #expect(message?.hasPrefix("Set.intentdefinition is not a usable property list") == true)
    }
}
