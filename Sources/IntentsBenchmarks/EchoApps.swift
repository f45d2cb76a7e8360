import Foundation
import HostBundles

/// Copies of the Echo app for the benchmarks that need many: `Echo<N>.app` (`com.example.Echo<N>`),
/// its extension `com.example.Echo<N>.Intents` supporting `EchoIntent`.
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
            let app = folder + "/Echo\(index).app"
            let appex = app + "/PlugIns/EchoIntents.appex"
            try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
            let appPlist: [String: Any] = ["CFBundleIdentifier": "com.example.Echo\(index)", "CFBundleDisplayName": "Echo \(index)"]
            let plugIn: [String: Any] = [
                "CFBundleIdentifier": "com.example.Echo\(index).Intents", "CFBundleExecutable": "EchoIntents",
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service", "NSExtensionPrincipalClass": "EchoIntents.EchoExtension",
                                "NSExtensionAttributes": ["IntentsSupported": ["EchoIntent"]] as [String: Any]] as [String: Any],
            ]
            try PropertyListSerialization.data(fromPropertyList: appPlist, format: .xml, options: 0).write(to: URL(fileURLWithPath: app + "/Info.plist"))
            try PropertyListSerialization.data(fromPropertyList: plugIn, format: .xml, options: 0).write(to: URL(fileURLWithPath: appex + "/Info.plist"))
            let built = products + "/libEchoIntents.so"
            switch library {
            case .hardLink:
                try DevelopmentBundles.place(built, at: appex + "/libEchoIntents.so")
            case .distinctCopy:
                var bytes = try Data(contentsOf: URL(fileURLWithPath: built))
                bytes.append(Data("extension \(index) of \(count)".utf8) + Data(count: 4096))
                try bytes.write(to: URL(fileURLWithPath: appex + "/libEchoIntents.so"))
            }
        }
    }
}
