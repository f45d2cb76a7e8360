import FuzzDriver
import HostBundles
import IntentsHost

/// The sample bundles, laid out once per run.
private let bundles = FuzzBundles()

/// The plists the first input byte picks from: an extension's, an app's, and entitlements.
private let targets = [
    "Pizza.app/PlugIns/PizzaIntents.appex/Info.plist",
    "Pizza.app/Info.plist",
    "MonkeyChat.app/MonkeyChat.entitlements",
    "MonkeyChat.app/PlugIns/MonkeyChatIntents.appex/Info.plist",
]

/// Writes the input (XML or binary) over one plist of a bundle, then scans and validates the
/// bundles: the scan never crashes, and every fault names its file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundlePlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let target = targets[Int(selector) % targets.count]
    bundles.write(Array(bytes.dropFirst()), to: target)
    bundles.checkFaults(BundleScanner.scan(appsFolders: [bundles.appsFolder]))
    let app = String(target.prefix { $0 != "/" })
    bundles.checkFaults(BundleScanner.validate(path: bundles.appsFolder + "/" + app))
    return 0
}

@_cdecl("FuzzBundlePlist_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzBundlePlist)
}
