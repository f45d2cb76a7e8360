import ArgumentParser
import ExtensionProtocol
import Foundation
import HostBundles
import HostTools
import IntentsHost

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check bundles for policy and bundle mistakes beyond validate's faults; exit 1 at --fail-on.",
        discussion: """
        PATH is an apps folder, an .app, an .appex, or an Info.plist inside one,
        as for validate; give several, or none for the installed apps (--apps).
        Each finding is one line, `severity: [rule-id] sentence`, naming the
        file, the key and the value; --rules lists the rules. validate's faults
        are findings too (bundle-fault, intent-class-missing), so a broken bundle
        never passes. App Shortcut phrases and vocabulary examples are checked
        against the other linted apps and the installed ones; an extension with
        App Intents is described once in its sandbox, as validate does.

        Exits 1 when a finding is at or above --fail-on (default warning; never:
        always 0).

        Examples:
          intents lint ./MyApp.app
          intents lint ./MyApp.app ./OtherApp.app --fail-on error
          intents lint --json
          intents lint --rules
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("An apps folder, an .app, an .appex or an Info.plist; several, or none for the installed apps.",
                                 valueName: "path"))
    var paths: [String] = []
    @Flag(help: "Print one JSON object: findings, counts, paths.") var json = false
    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 when a finding is at least this severe: error, warning, info or never.",
                                                             valueName: "severity"))
    var failOn = LintSeverity.warning.rawValue
    @Flag(help: "List every rule, its severity and what it checks, and lint nothing.") var rules = false

    func validate() throws {
        guard failOn == "never" || LintSeverity(rawValue: failOn) != nil else {
            throw ValidationError("--fail-on \(failOn.quotedForDisplay) is not a severity; give error, warning, info or never.")
        }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("Nothing is at \(path.quotedForDisplay); give an apps folder, an .app, an .appex or an Info.plist.")
        }
    }

    func run() async throws {
        if rules { return LintReport.printRules(json: json) }
        let linted = paths.isEmpty ? try global.catalog() : BundleScanner.validate(paths: paths)
        let shortcuts = await AppIntentsReport.snapshot(of: linted, global: global)
        let (installed, installedShortcuts) = paths.isEmpty ? (linted, shortcuts ?? AppShortcutsSnapshot())
            : await installedApps(comparedWith: linted, shortcuts: shortcuts)
        let findings = Linter(catalog: linted, appShortcuts: shortcuts, installed: installed, installedShortcuts: installedShortcuts).findings()
        let linting = paths.isEmpty ? try global.hostConfiguration().appsFolders : paths
        LintReport.print(findings, paths: linting, bundles: LintReport.bundleCount(linted), json: json)
        if let threshold = LintSeverity(rawValue: failOn), findings.contains(where: { $0.severity >= threshold }) {
            throw ExitCode(ExitStatus.problems)
        }
    }

    /// The installed apps and their App Shortcuts, when the linted apps have phrases to compare
    /// with theirs (App Shortcuts or vocabulary examples); nothing else needs them.
    private func installedApps(comparedWith linted: BundleCatalog, shortcuts: AppShortcutsSnapshot?) async -> (BundleCatalog, AppShortcutsSnapshot) {
        guard shortcuts != nil || linted.apps.contains(where: { $0.vocabulary?.intentPhrases.isEmpty == false }),
              let installed = try? global.catalog() else { return (BundleCatalog(), AppShortcutsSnapshot()) }
        return (installed, await AppIntentsReport.snapshot(of: installed, global: global) ?? AppShortcutsSnapshot())
    }
}

/// Prints `intents lint`'s findings and rules, as text or JSON.
enum LintReport {
    static func print(_ findings: [LintFinding], paths: [String], bundles: Int, json: Bool) {
        let counts = Dictionary(LintSeverity.allCases.map { severity in (severity, findings.filter { $0.severity == severity }.count) },
                                uniquingKeysWith: { first, _ in first })
        if json {
            JSONOutput.print(["findings": findings.map(JSONOutput.plain), "paths": paths, "bundles": bundles,
                              "counts": Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })])
            return
        }
        for finding in findings { printLine("\(finding.severity.rawValue): [\(finding.rule.id)] \(finding.message)") }
        let found = LintSeverity.allCases.reversed().compactMap { severity -> String? in
            guard let count = counts[severity], count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        printLine("\(found.isEmpty ? "No findings" : found.joined(separator: ", ")) in \(bundles) bundle\(bundles == 1 ? "" : "s").")
    }

    static func printRules(json: Bool) {
        if json {
            JSONOutput.print(["rules": LintRule.all.map(JSONOutput.plain)])
            return
        }
        let width = LintRule.all.map(\.id.count).max() ?? 0
        for rule in LintRule.all {
            printLine(rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                      + rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + rule.summary)
        }
    }

    /// How many bundles were linted: the apps and extensions read, and the bundles a fault
    /// kept from being read.
    static func bundleCount(_ catalog: BundleCatalog) -> Int {
        var folders = Set(catalog.apps.map(\.path) + catalog.extensions.map(\.path))
        for fault in catalog.faults {
            var components = fault.path.split(separator: "/", omittingEmptySubsequences: false)
            while let last = components.last, !last.hasSuffix(".app") && !last.hasSuffix(".appex") { components.removeLast() }
            if !components.isEmpty { folders.insert(components.joined(separator: "/")) }
        }
        return folders.count
    }
}
