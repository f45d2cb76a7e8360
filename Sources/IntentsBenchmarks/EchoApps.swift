import Foundation
import HostBundles

/// The Echo app for the benchmarks, and copies of it for those that need many: `Echo<N>.app`
/// (`com.example.Echo<N>`), its extension `com.example.Echo<N>.Intents` supporting `EchoIntent`.
enum EchoApps {
    /// How each copy's library is made.
    enum Library {
        /// A hard link of the built library: one file every process shares.
        case hardLink
        /// A copy with bytes of its own appended: a distinct file, as distinct extensions have.
        case distinctCopy
    }

    /// Writes copies 0..<count into `folder`.
    static func write(_ count: Int, into folder: String, products: String, library: Library) throws {
        for index in 0..<count {
            try writeApp(name: "Echo\(index)", displayName: "Echo \(index)", into: folder, products: products,
                         library: library, distinctMark: "extension \(index) of \(count)")
        }
    }

    /// Writes `Faulty.app` (`com.example.Faulty`), whose extension supports `INSendMessageIntent`
    /// and misbehaves as the message asks ("hang" never answers): the Faulty fixture.
    static func writeFaulty(into folder: String, products: String) throws {
        let appex = folder + "/Faulty.app/PlugIns/FaultyIntents.appex"
        try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
        let appPlist: [String: Any] = ["CFBundleIdentifier": "com.example.Faulty", "CFBundleDisplayName": "Faulty"]
        let plugIn: [String: Any] = [
            "CFBundleIdentifier": "com.example.Faulty.Intents", "CFBundleExecutable": "FaultyIntents",
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionPrincipalClass": "FaultyIntents.FaultyExtension",
                            "NSExtensionAttributes": ["IntentsSupported": ["INSendMessageIntent"]]] as [String: Any],
        ]
        try PropertyListSerialization.data(fromPropertyList: appPlist, format: .xml, options: 0).write(to: URL(fileURLWithPath: folder + "/Faulty.app/Info.plist"))
        try PropertyListSerialization.data(fromPropertyList: plugIn, format: .xml, options: 0).write(to: URL(fileURLWithPath: appex + "/Info.plist"))
        let built = products + "/libFaultyIntents.so"
        guard FileManager.default.fileExists(atPath: built) else {
            throw BenchmarkError("\(built) is missing; build everything first: swift build -c release")
        }
        try DevelopmentBundles.place(built, at: appex + "/libFaultyIntents.so")
    }

    /// Writes `<name>.app` (`com.example.<name>`) with its extension `com.example.<name>.Intents`
    /// supporting `EchoIntent`, and `EchoAppIntent` too when `appIntents` is set.
    /// `distinctMark` is what a `.distinctCopy` appends to the library to make it a file of its own.
    static func writeApp(name: String, displayName: String, into folder: String, products: String, library: Library,
                         appIntents: Bool = false, distinctMark: String = "") throws {
        let app = folder + "/\(name).app"
        let appex = app + "/PlugIns/EchoIntents.appex"
        try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
        let appPlist: [String: Any] = ["CFBundleIdentifier": "com.example.\(name)", "CFBundleDisplayName": displayName]
        var attributes: [String: Any] = ["IntentsSupported": ["EchoIntent"]]
        if appIntents { attributes["AppIntents"] = ["EchoIntents.EchoAppIntent"] }
        let plugIn: [String: Any] = [
            "CFBundleIdentifier": "com.example.\(name).Intents", "CFBundleExecutable": "EchoIntents",
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionPrincipalClass": "EchoIntents.EchoExtension",
                            "NSExtensionAttributes": attributes] as [String: Any],
        ]
        try PropertyListSerialization.data(fromPropertyList: appPlist, format: .xml, options: 0).write(to: URL(fileURLWithPath: app + "/Info.plist"))
        try PropertyListSerialization.data(fromPropertyList: plugIn, format: .xml, options: 0).write(to: URL(fileURLWithPath: appex + "/Info.plist"))
        let built = products + "/libEchoIntents.so"
        switch library {
        case .hardLink:
            // A bundle's library is its own file (a hard link here), never a symlink out of the bundle.
            try DevelopmentBundles.place(built, at: appex + "/libEchoIntents.so")
        case .distinctCopy:
            var bytes = try Data(contentsOf: URL(fileURLWithPath: built))
            bytes.append(Data(distinctMark.utf8) + Data(count: 4096))
            try bytes.write(to: URL(fileURLWithPath: appex + "/libEchoIntents.so"))
        }
    }
}
