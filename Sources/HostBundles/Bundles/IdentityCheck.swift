import ExtensionProtocol
import Foundation

/// Bundle identity is unique across every apps folder: an identifier names one bundle's
/// container, authorization and donations, so a second bundle using it could take them over.
enum IdentityCheck {
    /// The apps whose identifiers (their own and their extensions') no other bundle uses; every
    /// bundle that shares an identifier is dropped with a fault naming all of them. The result
    /// does not depend on the order the apps were found in.
    static func keepingUnique(_ apps: [AppBundle]) -> ([AppBundle], [BundleFault]) {
        var users: [String: [String]] = [:]
        for app in apps {
            users[app.bundleIdentifier, default: []].append(app.path)
            for bundle in app.extensions { users[bundle.bundleIdentifier, default: []].append(bundle.path) }
        }
        let shared = users.filter { $0.value.count > 1 }
        guard !shared.isEmpty else { return (apps, []) }
        var kept: [AppBundle] = []
        var faults: [BundleFault] = []
        for var app in apps {
            if let paths = shared[app.bundleIdentifier] {
                faults.append(fault(app.bundleIdentifier, at: app.path, sharedBy: paths))
                continue
            }
            app.extensions.removeAll { bundle in
                guard let paths = shared[bundle.bundleIdentifier] else { return false }
                faults.append(fault(bundle.bundleIdentifier, at: bundle.path, sharedBy: paths))
                return true
            }
            kept.append(app)
        }
        return (kept, faults)
    }

    private static func fault(_ identifier: String, at path: String, sharedBy paths: [String]) -> BundleFault {
        let others = paths.filter { $0 != path }.map(\.quotedForDisplay).joined(separator: " and ")
        return BundleFault(.duplicateBundleIdentifier, path: path + "/Info.plist", key: "CFBundleIdentifier",
                           "In \(path)/Info.plist, CFBundleIdentifier \(identifier.quotedForDisplay) is also used by \(others); no bundle with this identifier is used until only one remains.")
    }
}

extension BundleCatalog {
    /// Fills `claims`, `routes` and `conflicts` from the apps' extensions: call it after
    /// changing `apps`.
    public mutating func index() {
        claims = [:]
        for bundle in extensions {
            for intent in bundle.intentsSupported + bundle.appIntents.names { claims[intent, default: []].append(bundle) }
        }
        routes = claims.compactMapValues { $0.count == 1 ? $0[0] : nil }
        conflicts = claims.filter { $0.value.count > 1 }.keys.sorted().map { intent in
            IntentConflict(intent: intent, extensions: claims[intent]!.map(\.bundleIdentifier), paths: claims[intent]!.map(\.path))
        }
    }
}
