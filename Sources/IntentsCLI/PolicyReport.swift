import HostBundles
import HostPolicy
import IntentsHost

/// How `intents policy` prints the matrix: a grid for people, every cell spelled out in JSON.
enum PolicyReport {
    /// One letter per rule in the grid.
    static let letters: [PolicyRule: String] = [
        .restrictedWhileLocked: "W", .alwaysRestricted: "A", .restrictedWhileProtectedDataUnavailable: "P",
        .notAuthorized: "S", .authenticationPolicy: "E", .appIntentsUnknown: "K", .opensAppWhileLocked: "O",
        .entityQueryWhileLocked: "Q",
    ]

    /// What each rule means, for the legend and `--json`.
    static let meanings: [PolicyRule: String] = [
        .restrictedWhileLocked: "in the extension's IntentsRestrictedWhileLocked",
        .alwaysRestricted: "always restricted by Apple while locked",
        .restrictedWhileProtectedDataUnavailable: "in IntentsRestrictedWhileProtectedDataUnavailable, before the first unlock",
        .notAuthorized: "the app is not authorized to use Siri",
        .authenticationPolicy: "the App Intent's authenticationPolicy needs the device unlocked",
        .appIntentsUnknown: "the App Intent's metadata is not known yet (learned when unlocked)",
        .opensAppWhileLocked: "continuing the activity opens its app, which needs the device unlocked",
        .entityQueryWhileLocked: "an App Shortcut's entity values are asked of the extension only while unlocked",
    ]

    static let stateLetters: [LockState: String] = [.unlocked: "U", .locked: "L", .lockedBeforeFirstUnlock: "B"]

    static func print(_ matrix: PolicyMatrix) {
        guard !matrix.rows.isEmpty else {
            printLine("No intents are installed.")
            return
        }
        let width = max(24, (matrix.rows.map { label($0).count }.max() ?? 0) + 4)
        let perSource = LockState.allCases.count * 2
        let groupWidth = perSource * 3 + 2
        printGridLine(pad("", width) + InvocationSource.allCases.map { pad($0.label, groupWidth) }.joined())
        let sub = LockState.allCases.flatMap { state in ["+", "-"].map { pad(stateLetters[state]! + $0, 3) } }.joined()
        printGridLine(pad("", width) + InvocationSource.allCases.map { _ in pad(sub, groupWidth) }.joined())
        var lastApp: String?
        for row in matrix.rows {
            let appLine = "\(row.app?.displayName ?? "?") (\(row.bundle?.bundleIdentifier ?? row.app?.bundleIdentifier ?? "?"))"
            if appLine != lastApp {
                printLine(appLine)
                lastApp = appLine
            }
            let cells = row.cells.chunked(perSource).map { group in pad(group.map { pad(symbol($0), 3) }.joined(), groupWidth) }
            printGridLine(pad("  " + label(row), width) + cells.joined())
        }
        printLine("")
        printLine("U unlocked, L locked, B locked before the first unlock; + authorized to use Siri, - not.")
        printLine("ok allowed, . not applicable; refused by: " + PolicyRule.allCases.map { "\(letters[$0]!) \(meanings[$0]!)" }.joined(separator: "; ") + ".")
        if matrix.rows.contains(where: { $0.cells.contains { $0.rule == .appIntentsUnknown } }) {
            printLine("Some App Intents are not known yet: `intents validate PATH`, or any request while unlocked, learns them.")
        }
    }

    /// The row's name in the grid: the intent, or the activity type marked as one.
    static func label(_ row: PolicyMatrix.Row) -> String {
        row.kind == .userActivity ? row.intent + " (activity)" : row.intent
    }

    static func symbol(_ cell: PolicyMatrix.Cell) -> String {
        switch cell.verdict {
        case .allowed: "ok"
        case .notApplicable: "."
        case .refused: cell.rule.flatMap { letters[$0] } ?? "x"
        }
    }

    static func plain(_ matrix: PolicyMatrix) -> [String: Any] {
        ["columns": PolicyContext.all.map(plain),
         "rules": Dictionary(uniqueKeysWithValues: PolicyRule.allCases.map { ($0.rawValue, meanings[$0]!) }),
         "rows": matrix.rows.map { row -> [String: Any] in
             var object: [String: Any] = ["kind": row.kind.rawValue, "cells": row.cells.map(plain)]
             object[row.kind == .userActivity ? "activityType" : "intent"] = row.intent
             if let bundle = row.bundle { object["extension"] = bundle.bundleIdentifier }
             if let app = row.app {
                 object["app"] = app.bundleIdentifier
                 object["appName"] = app.displayName
             }
             return object
         }]
    }

    static func plain(_ context: PolicyContext) -> [String: Any] {
        ["lockState": context.lockState.rawValue, "authorized": context.authorized, "source": context.source.rawValue]
    }

    static func plain(_ cell: PolicyMatrix.Cell) -> [String: Any] {
        var object = plain(cell.context)
        object["verdict"] = cell.verdict.rawValue
        if let rule = cell.rule { object["rule"] = rule.rawValue }
        if let reason = cell.reason { object["reason"] = reason }
        return object
    }

    /// A line of the grid, without the padding of its last column.
    private static func printGridLine(_ line: String) {
        printLine(String(line.reversed().drop { $0 == " " }.reversed()))
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

private extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
