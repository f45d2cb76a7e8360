import Foundation
import IntentDefinitionCodegen

/// The code generator on a 50-intent definition: generation beside parsing the same property
/// list (its floor), and compiling the generated Swift with and without the generator's run
/// first (what the build plugin adds to a build of the target).
enum CodegenBenchmark {
    static func run(iterations: Int, products: String, work: String) throws -> [Figure] {
        let data = try PropertyListSerialization.data(fromPropertyList: definition(intents: 50), format: .xml, options: 0)
        let parse = median(iterations) { _ = try? PropertyListSerialization.propertyList(from: data, format: nil) }
        let generate = median(iterations) {
            var reader = IntentDefinitionReader(fileName: "Bench.intentdefinition")
            guard let definition = try? reader.read(data) else { return }
            _ = try? SwiftIntentGenerator(definition: definition, fileName: "Bench.intentdefinition").source()
        }
        var figures = [
            Figure(name: "plist parse, 50 intents (floor)", value: parse, unit: .seconds, target: .none),
            Figure(name: "generate Swift, 50 intents", value: generate, unit: .seconds, floorName: "parse", floor: parse,
                   target: .ratio(10), note: "\(data.count / 1024) KiB definition"),
        ]
        // Compile the generated module against the SDK, then the generator plus the compile.
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let definitionPath = work + "/Bench.intentdefinition", swiftPath = work + "/Bench.swift"
        try data.write(to: URL(fileURLWithPath: definitionPath))
        let generator = products + "/intents-codegen"
        try runTool(generator, [definitionPath, "--output", swiftPath])
        let compile = ["swiftc", "-parse-as-library", "-swift-version", "5", "-emit-module", "-module-name", "Bench",
                       "-I", products + "/Modules", "-emit-module-path", work + "/Bench.swiftmodule", swiftPath]
        // Interleaved, so that a busy machine slows both alike.
        let rounds = 3
        var withoutTimes: [Double] = [], withTimes: [Double] = []
        for _ in 0..<rounds {
            withoutTimes.append(median(1) { try? runTool("/usr/bin/env", compile) })
            withTimes.append(median(1) {
                try? FileManager.default.removeItem(atPath: swiftPath)
                try? runTool(generator, [definitionPath, "--output", swiftPath])
                try? runTool("/usr/bin/env", compile)
            })
        }
        let without = withoutTimes.sorted()[rounds / 2], with = withTimes.sorted()[rounds / 2]
        figures.append(Figure(name: "compile generated module (floor)", value: without, unit: .seconds, target: .none,
                              note: "swiftc -emit-module, median of \(rounds)"))
        figures.append(Figure(name: "generator run + compile", value: with, unit: .seconds, floorName: "compile", floor: without,
                              target: .ratio(1.2), note: "what the plugin adds to a build"))
        return figures
    }

    /// A definition with `intents` intents of six parameters each, two enums and two types.
    static func definition(intents count: Int) -> [String: Any] {
        func parameter(_ name: String, _ type: String, _ extra: [String: Any] = [:]) -> [String: Any] {
            ["INIntentParameterName": name, "INIntentParameterType": type, "INIntentParameterDisplayName": name,
             "INIntentParameterSupportsResolution": true].merging(extra) { $1 }
        }
        let enums: [[String: Any]] = ["Size", "Speed"].map { name in
            ["INEnumName": name, "INEnumValues": ["unknown", "low", "middle", "high"].enumerated().map {
                ["INEnumValueName": $1, "INEnumValueIndex": $0, "INEnumValueDisplayName": $1.capitalized] }]
        }
        let types: [[String: Any]] = ["Item", "Place"].map { name in
            ["INTypeName": name, "INTypeProperties": [["INTypePropertyName": "identifier", "INTypePropertyType": "String", "INTypePropertyDefault": true],
                                                     ["INTypePropertyName": "tags", "INTypePropertyType": "String", "INTypePropertySupportsMultipleValues": true],
                                                     ["INTypePropertyName": "rank", "INTypePropertyType": "Integer"]]]
        }
        let intents: [[String: Any]] = (0..<count).map { index in
            [
                "INIntentName": "Action\(index)", "INIntentType": "Custom", "INIntentTitle": "Action \(index)",
                "INIntentDescription": "Does action number \(index).",
                "INIntentParameters": [
                    parameter("item", "Object", ["INIntentParameterObjectType": "Item", "INIntentParameterSupportsDynamicEnumeration": true]),
                    parameter("count", "Integer", ["INIntentParameterUnsupportedReasons": [
                        ["INIntentParameterUnsupportedReasonCode": "greaterThanMaximumValue", "INIntentParameterUnsupportedReasonFormatString": "Too many."]]]),
                    parameter("size", "Integer", ["INIntentParameterEnumType": "Size"]),
                    parameter("names", "String", ["INIntentParameterSupportsMultipleValues": true]),
                    parameter("when", "DateComponents"),
                    parameter("ratio", "Decimal"),
                ],
                "INIntentResponse": [
                    "INIntentResponseCodes": [
                        ["INIntentResponseCodeName": "success", "INIntentResponseCodeSuccess": true, "INIntentResponseCodeFormatString": "Done with ${item} in ${minutes}."],
                        ["INIntentResponseCodeName": "failure"],
                        ["INIntentResponseCodeName": "failureBusy", "INIntentResponseCodeFormatString": "${item} is busy."],
                    ],
                    "INIntentResponseParameters": [
                        ["INIntentResponseParameterName": "item", "INIntentResponseParameterType": "Object", "INIntentResponseParameterObjectType": "Item"],
                        ["INIntentResponseParameterName": "minutes", "INIntentResponseParameterType": "Integer"],
                    ],
                ],
            ]
        }
        return ["INIntents": intents, "INEnums": enums, "INTypes": types]
    }

    private static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    private static func runTool(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(path) \(arguments.prefix(3).joined(separator: " ")) exited with \(process.terminationStatus)"])
        }
    }
}
