import ExtensionProtocol
import FuzzDriver
import HostBundles

/// Reads the input as the `intents_appintents` section of an extension's library (the App
/// Intents metadata its build compiled in): gives records or a `ProtocolError`, never crashes;
/// records that decode encode back to bytes that decode to the same records, and merge or fail
/// with a sentence.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiledAppIntents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let records = try? CompiledAppIntents.records(inSection: fuzzBytes(data, size)) else { return 0 }
    // Compared as bytes: a NaN range bound is not equal to itself.
    let bytes = records.flatMap(\.sectionBytes)
    let again = try? CompiledAppIntents.records(inSection: bytes)
    if again?.flatMap(\.sectionBytes) != bytes { fuzzFailure("records encode back to themselves", "\(records.count) records") }
    do {
        _ = try CompiledAppIntentsLibrary.merge(records)
    } catch let failure as CompiledAppIntentsSection.Failure {
        if failure.reason.isEmpty { fuzzFailure("a refused merge says why", "") }
    } catch {
        fuzzFailure("a merge fails only with CompiledAppIntentsSection.Failure", "\(error)")
    }
    return 0
}

@_cdecl("FuzzCompiledAppIntents_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzCompiledAppIntents)
}
