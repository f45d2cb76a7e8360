import ExtensionProtocol
import Foundation
import SystemStore

/// Finds app bundles in apps folders and validates them and their extensions, never running
/// their code. Faults are collected, not thrown: a bad bundle is skipped, the others stay.
public enum BundleScanner {
    /// Scans each folder for `*.app` bundles, in order, and builds the routing table.
    ///
    /// Identity is unique, whatever the folders' order: an identifier used by two bundles
    /// anywhere (two apps, two extensions, or an app and an extension) is a fault of every
    /// bundle that uses it, and none of them is served. An intent that several apps' extensions
    /// support is routed to none of them by default: it is a conflict, and the user says which
    /// app (see `IntentDispatcher`).
    ///
    /// An executable file is one app's: apps whose `CFBundleExecutable` is one file (device and
    /// inode) are at fault but for the one `ledger` recorded with that file (it had it first);
    /// when it recorded none of them with it, or there is no ledger (or it cannot be read), all
    /// of them are (fail closed). Each app accepted is recorded with its executable file: one
    /// read per scan, and a write only when an app is new or its executable is another file.
    ///
    /// With a `cache`, an app folder whose fingerprint (`AppFolderFingerprint`) is the one kept
    /// with its last scan by this program is not read again: the app that scan made is reused.
    /// Only apps read without a fault are kept, so faults are always found afresh; the checks
    /// across apps (identifiers, executable files) run on every scan.
    /// - Parameter ledger: which app had which executable file; nil counts every app as new.
    /// - Parameter cache: what earlier scans read; nil reads every folder.
    /// - Parameter now: the present time (seconds since 1970), which fingerprints are taken at.
    public static func scan(appsFolders: [String], ledger: (any AppInstallLedger)? = nil, cache: (any BundleScanCache)? = nil,
                            now: TimeInterval = Date().timeIntervalSince1970) -> BundleCatalog {
        var catalog = BundleCatalog()
        var found: [AppBundle] = []
        var scans = KeptScans(cache: cache, now: now)
        // A folder named twice (as given, with a trailing slash, through a link) is read once:
        // read twice, every app in it would seem to share its identifier with itself.
        var seen: Set<String> = []
        for folder in appsFolders where seen.insert(RealPath.of(folder) ?? folder).inserted {
            scans.folders.insert(folder)
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                catalog.faults.append(BundleFault(.unreadableFolder, path: folder, "The apps folder \(folder.quotedForDisplay) cannot be read."))
                continue
            }
            for entry in entries where entry.hasSuffix(".app") {
                let (app, faults) = scans.readApp(at: folder + "/" + entry)
                catalog.faults += faults
                if let app { found.append(app) }
            }
        }
        // A write that fails is made at a later scan; until then those folders are read each time.
        scans.save()
        let recorded = try? ledger?.appExecutables()
        catalog.apps = keepingValidIdentities(found, recorded: recorded ?? [:], faults: &catalog.faults)
        catalog.index()
        if let ledger, let recorded {
            let changed = catalog.apps.compactMap { app in
                app.executableFile.flatMap { file in recorded[app.bundleIdentifier]?.file == file ? nil : (app.bundleIdentifier, file.device, file.inode) }
            }
            // A write that fails is made at a later scan; until then these apps count as new.
            if !changed.isEmpty { _ = try? ledger.recordAppExecutables(changed) }
        }
        return catalog
    }

    /// The apps whose identifiers no other bundle uses and whose executable file no other app
    /// has (or had it first, by `recorded`); the faults of the others are added to `faults`.
    /// Each check sees every app: an app dropped for one reason still keeps its identifier and
    /// its file from the others.
    private static func keepingValidIdentities(_ apps: [AppBundle], recorded: [String: AppExecutableRecord],
                                               faults: inout [BundleFault]) -> [AppBundle] {
        let (unique, duplicates) = IdentityCheck.keepingUnique(apps)
        let (owners, sharing) = ExecutableCheck.keepingOwners(apps, recorded: recorded)
        faults += duplicates + sharing
        let ownerPaths = Set(owners.map(\.path))
        return unique.filter { ownerPaths.contains($0.path) }
    }

    /// Validates whatever `path` is: an apps folder, an `.app`, an `.appex`, or an `Info.plist`.
    public static func validate(path: String) -> BundleCatalog {
        var target = path
        if (target as NSString).lastPathComponent == "Info.plist" { target = (target as NSString).deletingLastPathComponent }
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        if target.hasSuffix(".appex") {
            var catalog = BundleCatalog()
            do {
                let bundle = try ExtensionBundleReader.read(at: target, appBundleIdentifier: nil)
                catalog.apps = [AppBundle(path: target, bundleIdentifier: bundle.bundleIdentifier, displayName: bundle.displayName,
                                          extensions: [bundle])]
                catalog.index()
            } catch {
                catalog.faults.append(error as? BundleFault ?? BundleFault(.malformedPropertyList, path: target, "\(error)"))
            }
            return catalog
        }
        if target.hasSuffix(".app") {
            var catalog = BundleCatalog()
            let (app, faults) = readApp(at: target)
            catalog.faults = faults
            let (unique, duplicates) = IdentityCheck.keepingUnique(app.map { [$0] } ?? [])
            catalog.apps = unique
            catalog.faults += duplicates
            catalog.index()
            return catalog
        }
        return scan(appsFolders: [target])
    }

    /// Validates each of `paths` as `validate(path:)` does, into one catalog: a bundle named
    /// twice (or an extension also named with its app) is read once, and an identifier two of
    /// the bundles use, or an executable file two apps have, is a fault of each, as in
    /// `scan(appsFolders:)` with no ledger.
    public static func validate(paths: [String]) -> BundleCatalog {
        guard paths.count > 1 else { return validate(path: paths.first ?? ".") }
        var seen: Set<String> = []
        let catalogs = paths.filter { seen.insert(RealPath.of($0) ?? $0).inserted }.map(validate(path:))
        var catalog = BundleCatalog()
        var faults: Set<BundleFault> = []
        catalog.faults = catalogs.flatMap(\.faults).filter { faults.insert($0).inserted }
        var apps: [AppBundle] = []
        var appPaths: Set<String> = []
        for app in catalogs.flatMap(\.apps) where appPaths.insert(RealPath.of(app.path) ?? app.path).inserted {
            apps.append(app)
        }
        // An extension validated alone stands as an app of its own: dropped when its app is here too.
        let inApps = Set(apps.filter { !$0.isExtensionAlone }.flatMap(\.extensions).map(\.resolvedPath))
        apps.removeAll { $0.isExtensionAlone && inApps.contains($0.extensions[0].resolvedPath) }
        catalog.apps = keepingValidIdentities(apps, recorded: [:], faults: &catalog.faults)
        catalog.index()
        return catalog
    }

    /// Reads one app and its extensions; faulty extensions are dropped and reported.
    static func readApp(at folder: String) -> (AppBundle?, [BundleFault]) {
        let plist: PropertyListFile
        let identifier: String
        let root: String
        var app: AppBundle
        do {
            plist = try PropertyListFile(path: folder + "/Info.plist")
            root = try ExtensionBundleReader.resolvedFolder(folder, inside: nil)
            identifier = try plist.name(["CFBundleIdentifier"], as: .bundleIdentifier)
            let name = try plist.optionalString(["CFBundleDisplayName"]) ?? plist.optionalString(["CFBundleName"])
                ?? AppBundle.folderName(of: folder)
            let entitlements = try Entitlements.read(in: folder)
            try entitlements.checkGroupsBelong(to: identifier)
            app = AppBundle(path: folder, bundleIdentifier: identifier, displayName: name,
                            alternativeNames: try alternativeNames(plist),
                            siriUsageDescription: try plist.optionalString(["NSSiriUsageDescription"]),
                            userActivityTypes: try plist.names(["NSUserActivityTypes"], as: .activityType) ?? [],
                            entitlements: entitlements, extensions: [],
                            executable: try plist.optionalString(["CFBundleExecutable"]).map { try plist.checked($0, ["CFBundleExecutable"], .executable) })
        } catch {
            return (nil, [error as? BundleFault ?? BundleFault(.malformedPropertyList, path: folder, "\(error)")])
        }
        app.executableFile = app.executable.flatMap { FileIdentity.ofRegularFile(at: root + "/" + $0) }
        var faults: [BundleFault] = []
        do {
            app.vocabulary = try AppIntentVocabulary.read(appFolder: folder, appNames: app.spokenNames)
        } catch {
            faults.append(error as? BundleFault ?? BundleFault(.malformedPropertyList, path: folder, "\(error)"))
        }
        // App extensions in PlugIns, ExtensionKit extensions (Xcode's App Intents extension) in Extensions.
        for container in extensionFolders {
            let plugIns = folder + "/" + container
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: plugIns).sorted()) ?? []
            for entry in entries where entry.hasSuffix(".appex") {
                do {
                    app.extensions.append(try ExtensionBundleReader.read(at: plugIns + "/" + entry, appBundleIdentifier: identifier, appFolder: root))
                } catch {
                    faults.append(error as? BundleFault ?? BundleFault(.malformedPropertyList, path: plugIns + "/" + entry, "\(error)"))
                }
            }
        }
        let supported = Set(app.extensions.flatMap(\.intentsSupported))
        if let phrases = app.vocabulary?.intentPhrases, let unknown = phrases.first(where: { !supported.contains($0.intent) }) {
            faults.append(BundleFault(.invalidValue, path: folder + "/" + AppIntentVocabulary.fileName, key: "IntentPhrases > IntentName",
                "\(folder)/\(AppIntentVocabulary.fileName) has phrases for \(unknown.intent), which no extension of \(app.displayName.quotedForDisplay) supports; its phrases are ignored."))
            app.vocabulary?.intentPhrases.removeAll { !supported.contains($0.intent) }
        }
        return (app, faults)
    }

    /// The folders of an app that hold its extensions, in the order they are read.
    public static let extensionFolders = ["PlugIns", "Extensions"]

    /// The most `INAlternativeAppNames` an app may give. Apple documents no number; a few names
    /// ("the pizzeria", "my pizza place") is what the key is for, and every name multiplies the
    /// phrases that say the app (App Shortcuts, vocabulary examples, collision checks), so more is
    /// a bundle fault rather than work that grows with whatever a bundle lists.
    public static let maximumAlternativeNames = 32

    private static func alternativeNames(_ plist: PropertyListFile) throws -> [String] {
        guard let entries = plist.root["INAlternativeAppNames"] else { return [] }
        guard let list = entries as? [[String: Any]] else {
            throw plist.fault(.wrongType, ["INAlternativeAppNames"],
                              "In \(plist.path), INAlternativeAppNames must be an array of dictionaries.")
        }
        guard list.count <= maximumAlternativeNames else {
            throw plist.fault(.invalidValue, ["INAlternativeAppNames"],
                              "In \(plist.path), INAlternativeAppNames gives \(list.count) names, more than the \(maximumAlternativeNames) an app may have.")
        }
        return try list.map { entry in
            guard let name = entry["INAlternativeAppName"] as? String, !name.isEmpty else {
                throw plist.fault(.missingKey, ["INAlternativeAppNames", "INAlternativeAppName"],
                                  "In \(plist.path), each INAlternativeAppNames entry needs a non-empty INAlternativeAppName.")
            }
            return name
        }
    }

}
