import Foundation

/// Finds app bundles in apps folders and validates them and their extensions, never running
/// their code. Faults are collected, not thrown: a bad bundle is skipped, the others stay.
public enum BundleScanner {
    /// Scans each folder for `*.app` bundles, in order, and builds the routing table.
    public static func scan(appsFolders: [String]) -> BundleCatalog {
        var catalog = BundleCatalog()
        var seenIdentifiers: [String: String] = [:]
        for folder in appsFolders {
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                catalog.faults.append(BundleFault(.unreadableFolder, path: folder, "The apps folder \(folder) cannot be read."))
                continue
            }
            for entry in entries where entry.hasSuffix(".app") {
                let (app, faults) = readApp(at: folder + "/" + entry)
                catalog.faults += faults
                guard let app else { continue }
                if let earlier = seenIdentifiers[app.bundleIdentifier] {
                    catalog.faults.append(BundleFault(.duplicateBundleIdentifier, path: app.path, key: "CFBundleIdentifier",
                        "\(app.path) has the bundle identifier \(app.bundleIdentifier), already used by \(earlier); it is skipped."))
                    continue
                }
                seenIdentifiers[app.bundleIdentifier] = app.path
                catalog.apps.append(app)
            }
        }
        (catalog.routes, catalog.conflicts) = route(catalog.extensions)
        return catalog
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
                (catalog.routes, catalog.conflicts) = route(catalog.extensions)
            } catch {
                catalog.faults.append(error as? BundleFault ?? BundleFault(.malformedPropertyList, path: target, "\(error)"))
            }
            return catalog
        }
        if target.hasSuffix(".app") {
            var catalog = BundleCatalog()
            let (app, faults) = readApp(at: target)
            catalog.faults = faults
            catalog.apps = app.map { [$0] } ?? []
            (catalog.routes, catalog.conflicts) = route(catalog.extensions)
            return catalog
        }
        return scan(appsFolders: [target])
    }

    /// Reads one app and its extensions; faulty extensions are dropped and reported.
    static func readApp(at folder: String) -> (AppBundle?, [BundleFault]) {
        let plist: PropertyListFile
        let identifier: String
        var app: AppBundle
        do {
            plist = try PropertyListFile(path: folder + "/Info.plist")
            identifier = try plist.string(["CFBundleIdentifier"])
            let name = try plist.optionalString(["CFBundleDisplayName"]) ?? plist.optionalString(["CFBundleName"])
                ?? ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
            app = AppBundle(path: folder, bundleIdentifier: identifier, displayName: name,
                            alternativeNames: try alternativeNames(plist),
                            siriUsageDescription: try plist.optionalString(["NSSiriUsageDescription"]),
                            userActivityTypes: try plist.strings(["NSUserActivityTypes"]) ?? [],
                            entitlements: try Entitlements.read(in: folder), extensions: [],
                            executable: try plist.optionalString(["CFBundleExecutable"]))
        } catch {
            return (nil, [error as? BundleFault ?? BundleFault(.malformedPropertyList, path: folder, "\(error)")])
        }
        var faults: [BundleFault] = []
        do {
            app.vocabulary = try AppIntentVocabulary.read(appFolder: folder, appNames: app.spokenNames)
        } catch {
            faults.append(error as? BundleFault ?? BundleFault(.malformedPropertyList, path: folder, "\(error)"))
        }
        let plugIns = folder + "/PlugIns"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: plugIns).sorted()) ?? []
        for entry in entries where entry.hasSuffix(".appex") {
            do {
                app.extensions.append(try ExtensionBundleReader.read(at: plugIns + "/" + entry, appBundleIdentifier: identifier))
            } catch {
                faults.append(error as? BundleFault ?? BundleFault(.malformedPropertyList, path: plugIns + "/" + entry, "\(error)"))
            }
        }
        let supported = Set(app.extensions.flatMap(\.intentsSupported))
        if let phrases = app.vocabulary?.intentPhrases, let unknown = phrases.first(where: { !supported.contains($0.intent) }) {
            faults.append(BundleFault(.invalidValue, path: folder + "/" + AppIntentVocabulary.fileName, key: "IntentPhrases > IntentName",
                "\(folder)/\(AppIntentVocabulary.fileName) has phrases for \(unknown.intent), which no extension of \(app.displayName) supports; its phrases are ignored."))
            app.vocabulary?.intentPhrases.removeAll { !supported.contains($0.intent) }
        }
        return (app, faults)
    }

    private static func alternativeNames(_ plist: PropertyListFile) throws -> [String] {
        guard let entries = plist.root["INAlternativeAppNames"] else { return [] }
        guard let list = entries as? [[String: Any]] else {
            throw plist.fault(.wrongType, ["INAlternativeAppNames"],
                              "In \(plist.path), INAlternativeAppNames must be an array of dictionaries.")
        }
        return try list.map { entry in
            guard let name = entry["INAlternativeAppName"] as? String, !name.isEmpty else {
                throw plist.fault(.missingKey, ["INAlternativeAppNames", "INAlternativeAppName"],
                                  "In \(plist.path), each INAlternativeAppNames entry needs a non-empty INAlternativeAppName.")
            }
            return name
        }
    }

    /// Each intent goes to the first extension that claims it, in discovery order; every other
    /// claim is a conflict.
    static func route(_ extensions: [ExtensionBundle]) -> ([String: ExtensionBundle], [IntentConflict]) {
        var routes: [String: ExtensionBundle] = [:]
        var conflicts: [IntentConflict] = []
        for bundle in extensions {
            for intent in bundle.intentsSupported {
                if let chosen = routes[intent] {
                    conflicts.append(IntentConflict(intent: intent, chosen: chosen.bundleIdentifier, ignored: bundle.bundleIdentifier))
                } else {
                    routes[intent] = bundle
                }
            }
        }
        return (routes, conflicts)
    }
}
