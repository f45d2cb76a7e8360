import FuzzDriver
import HostBundles
import HostTools
import IntentsHost

/// The sample bundles, laid out once per run.
private let bundles = FuzzBundles()

/// Writes the input over the Pizza app's `AppIntentVocabulary.plist`, scans the bundles, and
/// builds the phrase index from what was read, matching one of the app's own examples.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVocabulary(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    bundles.write(fuzzBytes(data, size), to: "Pizza.app/AppIntentVocabulary.plist")
    let catalog = BundleScanner.scan(appsFolders: [bundles.appsFolder])
    bundles.checkFaults(catalog)
    let index = PhraseCatalog.index(apps: catalog.apps, voiceShortcuts: [], vocabulary: [])
    for app in catalog.apps {
        for example in app.vocabulary?.intentPhrases.flatMap(\.examples) ?? [] {
            if case .noMatch = index.match(example) { fuzzFailure("an app's example matches itself", example) }
        }
    }
    return 0
}

@_cdecl("FuzzVocabulary_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzVocabulary)
}
