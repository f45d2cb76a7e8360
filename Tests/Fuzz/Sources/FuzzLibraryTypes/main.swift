import FuzzDriver
import HostBundles
import IntentsHost

/// Reads the input as an extension library's Swift metadata (`intents validate`'s class check):
/// either gives the classes or nothing, never crashes, and every name it gives is printable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibraryTypes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let library = LibraryTypeNames(bytes: fuzzBytes(data, size)) else { return 0 }
    for name in library.classes where name.name.isEmpty || name.name.contains(where: { !$0.isASCII || $0.isNewline }) {
        fuzzFailure("class names are non-empty printable ASCII", name.name)
    }
    return 0
}

@_cdecl("FuzzLibraryTypes_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzLibraryTypes)
}
