import ExtensionProtocol
import Foundation

/// An app's executable is a file of its own: the server names an app process's app from the
/// file it runs (device and inode), so a bundle whose `CFBundleExecutable` is the same file as
/// another app's (a hard link) could take that app's calls, or make the server name neither.
enum ExecutableCheck {
    /// The apps whose executable file no other of `apps` has, or which had it first: of apps
    /// sharing a file, the one installed earliest (`installed`: app identifier to its place in
    /// the install order) keeps it and each other one is dropped with a fault naming it. When
    /// none of them is installed yet, or the earliest one's identifier is used twice among them,
    /// every one is dropped (fail closed). The result does not depend on the apps' order.
    static func keepingOwners(_ apps: [AppBundle], installed: [String: Int]) -> ([AppBundle], [BundleFault]) {
        var sharers: [FileIdentity: [Int]] = [:]
        for (index, app) in apps.enumerated() {
            if let file = app.executableFile { sharers[file, default: []].append(index) }
        }
        var kept: [AppBundle] = []
        var faults: [BundleFault] = []
        for (index, app) in apps.enumerated() {
            guard let file = app.executableFile, let group = sharers[file], group.count > 1 else {
                kept.append(app)
                continue
            }
            switch owner(of: group.map { apps[$0] }, installed: installed) {
            case let owner? where owner.path == app.path:
                kept.append(app)
            case let owner?:
                faults.append(fault(app, sharing: "\(owner.bundleIdentifier) (\(owner.path.quotedForDisplay)), installed before it; \(app.bundleIdentifier) is not used until its executable is a file of its own."))
            case nil:
                let others = group.filter { $0 != index }.map { "\(apps[$0].bundleIdentifier) (\(apps[$0].path.quotedForDisplay))" }
                faults.append(fault(app, sharing: "\(others.joined(separator: " and ")); no app with this file as its executable is used until each has a file of its own."))
            }
        }
        return (kept, faults)
    }

    /// The app of `group` installed earliest, when one is installed and no other app of the
    /// group has its identifier.
    private static func owner(of group: [AppBundle], installed: [String: Int]) -> AppBundle? {
        let earliest = group.compactMap { app in installed[app.bundleIdentifier].map { (app, $0) } }.min { $0.1 < $1.1 }?.0
        guard let earliest, group.filter({ $0.bundleIdentifier == earliest.bundleIdentifier }).count == 1 else { return nil }
        return earliest
    }

    private static func fault(_ app: AppBundle, sharing rest: String) -> BundleFault {
        BundleFault(.sharedExecutable, path: app.path + "/Info.plist", key: "CFBundleExecutable",
                    "In \(app.path)/Info.plist, CFBundleExecutable \((app.executable ?? "").quotedForDisplay) is the same file as the executable of \(rest)")
    }
}
