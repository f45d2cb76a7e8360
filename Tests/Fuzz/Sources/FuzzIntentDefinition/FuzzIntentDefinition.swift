import FuzzDriver
import Foundation
import IntentDefinitionCodegen

/// Reads the input as an `.intentdefinition` file and generates its Swift: either succeeds or
/// fails with one sentence naming the file, never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIntentDefinition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var reader = IntentDefinitionReader(fileName: "Fuzz.intentdefinition")
    do {
        let definition = try reader.read(Data(fuzzBytes(data, size)))
        _ = try SwiftIntentGenerator(definition: definition, fileName: "Fuzz.intentdefinition").source()
    } catch let error as IntentDefinitionError {
        if !error.description.hasPrefix("Fuzz.intentdefinition") || error.description.contains("\n") {
            fuzzFailure("an error is one sentence naming the file", error.description)
        }
    } catch {
        fuzzFailure("only IntentDefinitionError is thrown", "\(error)")
    }
    return 0
}

@_cdecl("FuzzIntentDefinition_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzIntentDefinition)
}
