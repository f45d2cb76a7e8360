import ExtensionProtocol
import Foundation
import Synchronization
import IntentsHost
import HostBundles

/// libFuzzer's entry point, present when the target is linked with `-sanitize=fuzzer`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// SwiftPM names an executable's entry point `<Module>_main` and aliases `main` to it, which
/// hides libFuzzer's own `main`; each target's entry point calls this instead. With the
/// arguments `--write-seeds FOLDER`, it calls `writeSeeds` with that folder instead of fuzzing.
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                      writeSeeds: ((String) throws -> Void)? = nil,
                      _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "--write-seeds", let writeSeeds {
        do {
            try writeSeeds(arguments[2])
            return 0
        } catch {
            FileHandle.standardError.write(Data("Cannot write seeds into \(arguments[2]): \(error)\n".utf8))
            return 1
        }
    }
    var count = argc, vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, body)
}

/// The fuzz input as bytes.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run: libFuzzer saves the input that broke `property`.
public func fuzzFailure(_ property: String, _ detail: @autoclosure () -> String = "") -> Never {
    fatalError("Fuzz property broken: \(property). \(detail())")
}

/// The source tree's root (this file is `Tests/Fuzz/Sources/FuzzDriver/FuzzDriver.swift`).
public let sourceTree: String = {
    var path = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { path.deleteLastPathComponent() }
    return path.path
}()

/// The folders `FuzzBundles` made, removed when the fuzzer exits.
private let bundleRoots = Mutex<[String]>([])

/// A folder of the sample bundles laid out from `Info/`, each extension with a stand-in
/// library (an ELF header: the scanner never loads it), for targets that read plists.
public struct FuzzBundles: Sendable {
    public let appsFolder: String

    public init() {
        let root = NSTemporaryDirectory() + "intents-fuzz-\(getpid())"
        bundleRoots.withLock { $0.append(root) }
        atexit {
            bundleRoots.withLock { roots in roots.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        }
        appsFolder = root + "/Apps"
        let products = root + "/products"
        try? FileManager.default.createDirectory(atPath: products, withIntermediateDirectories: true)
        for name in ["PizzaIntents", "MonkeyChatIntents", "SandboxTesterIntents"] {
            _ = FileManager.default.createFile(atPath: "\(products)/lib\(name).so", contents: Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 60)))
        }
        do {
            try DevelopmentBundles.assemble(infoFolder: sourceTree + "/Info", productsFolder: products, into: appsFolder)
        } catch {
            fatalError("Cannot lay out the sample bundles in \(appsFolder): \(error)")
        }
    }

    /// Replaces the file at `relativePath` (inside the apps folder) with `bytes`.
    public func write(_ bytes: [UInt8], to relativePath: String) {
        let path = appsFolder + "/" + relativePath
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("Cannot write \(path).")
        }
    }

    /// Every fault must name a file of the apps folder, as the one-sentence rule requires.
    public func checkFaults(_ catalog: BundleCatalog) {
        for fault in catalog.faults where !fault.message.contains(appsFolder) {
            fuzzFailure("a fault names its file", fault.message)
        }
    }
}

/// Encoding is canonical: what decodes re-encodes to bytes that decode and encode to themselves.
public func checkRoundTrip<Message: WireCodable>(_ message: Message) {
    let codec = FrameCodec()
    guard let encoded = try? codec.encode(message) else { return }
    let body = Array(encoded.dropFirst(FrameCodec.headerSize))
    do {
        let again = try codec.decode(Message.self, from: body)
        guard let reencoded = try? codec.encode(again), reencoded == encoded else {
            fuzzFailure("encoding is stable", "\(message)")
        }
    } catch {
        fuzzFailure("what was encoded decodes", "\(error) for \(message)")
    }
}
