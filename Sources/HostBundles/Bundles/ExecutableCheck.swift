import ExtensionProtocol
import Foundation
import SystemStore

/// An app's executable is a file of its own: the server names an app process's app from the
/// file it runs (device and inode), so a bundle whose `CFBundleExecutable` is the same file as
/// another app's (a hard link) could take that app's calls, or make the server name neither.
enum ExecutableCheck {
    /// The apps whose executable file no other of `apps` has, or which had it first: of apps
    /// sharing a file, the one `recorded` with this very file (a file is recorded for the first
    /// app a scan accepted with it, whatever folder that scan read) keeps it, and each other one
    /// is dropped with a fault naming it. When none of them is recorded with it, or the owner's
    /// identifier is used twice among them, every one is dropped (fail closed). The result does
    /// not depend on the apps' order.
    /// - Parameter recorded: the executable file each app had when last accepted (`AppInstallLedger`).
    static func keepingOwners(_ apps: [AppBundle], recorded: [String: AppExecutableRecord]) -> ([AppBundle], [BundleFault]) {
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
            switch owner(of: group.map { apps[$0] }, file: file, recorded: recorded) {
            case let owner? where owner.path == app.path:
                kept.append(app)
            case let owner?:
                faults.append(fault(app, sharing: "\(owner.bundleIdentifier) (\(owner.path.quotedForDisplay)), which had it first; \(app.bundleIdentifier) is not used until its executable is a file of its own."))
            case nil:
                let others = group.filter { $0 != index }.map { "\(apps[$0].bundleIdentifier) (\(apps[$0].path.quotedForDisplay))" }
                faults.append(fault(app, sharing: "\(others.joined(separator: " and ")); no app with this file as its executable is used until each has a file of its own."))
            }
        }
        return (kept, faults)
    }

    /// The app of `group` recorded with `file` as its executable (one at most), when no other
    /// app of the group has its identifier. (A record of a file since deleted, whose inode
    /// another file took, names no app of the group: then every app sharing it is at fault.)
    private static func owner(of group: [AppBundle], file: FileIdentity, recorded: [String: AppExecutableRecord]) -> AppBundle? {
        let holders = group.compactMap { app in recorded[app.bundleIdentifier].flatMap { $0.file == file ? (app, $0.sequence) : nil } }
        guard let latest = holders.max(by: { $0.1 < $1.1 })?.0,
              group.filter({ $0.bundleIdentifier == latest.bundleIdentifier }).count == 1 else { return nil }
        return latest
    }

    private static func fault(_ app: AppBundle, sharing rest: String) -> BundleFault {
        BundleFault(.sharedExecutable, path: app.path + "/Info.plist", key: "CFBundleExecutable",
                    "In \(app.path)/Info.plist, CFBundleExecutable \((app.executable ?? "").quotedForDisplay) is the same file as the executable of \(rest)")
    }
}
