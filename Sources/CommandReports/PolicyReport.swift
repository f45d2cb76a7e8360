import LocalAPI

/// How `intents policy` shows the matrix: a grid for people, every cell spelled out in JSON,
/// and warnings for standard error. The embedded host and the client print the same bytes from it.
public enum PolicyReport {
    /// One letter per rule in the grid; a rule it does not know is `x`.
    static let letters: [String: String] = [
        "restricted-while-locked": "W", "always-restricted": "A", "restricted-while-protected-data-unavailable": "P",
        "not-authorized": "S", "authentication-policy": "E", "app-intents-unknown": "K", "opens-app-while-locked": "O",
        "entity-query-while-locked": "Q", "agent-not-allowed": "G",
    ]
    static let stateLetters = ["unlocked": "U", "locked": "L", "lockedBeforeFirstUnlock": "B"]
    static let sourceLabels = ["direct": "direct", "voiceShortcut": "voice shortcut", "appShortcut": "App Shortcut",
                               "activityContinuation": "activity continuation", "agent": "agent"]

    /// The lines for standard error, before the report: extensions whose App Intents are not
    /// known, and a lock state that cannot be read.
    public static func warnings(_ table: PolicyTable) -> [String] {
        table.problems.map { "warning: \($0)" } + (table.lockStateProblem.map {
            ["warning: \($0); until it is fixed, every request is judged as locked before the first unlock (columns B)."]
        } ?? [])
    }

    /// The grid, its legend and the lock state now, not yet escaped for a terminal.
    public static func lines(_ table: PolicyTable) -> [String] {
        grid(table) + ["Now: \(table.currentLockState)\(table.lockStateProblem == nil ? "" : " (the lock state cannot be read)")."]
    }

    private static func grid(_ table: PolicyTable) -> [String] {
        guard !table.rows.isEmpty else { return ["No intents are installed."] }
        var lines: [String] = []
        // Columns come grouped by source, each group in the same lock-state and authorization order.
        var sources: [String] = []
        for column in table.columns where !sources.contains(column.source) { sources.append(column.source) }
        let group = table.columns.filter { $0.source == sources.first }
        let perSource = max(group.count, 1)
        let width = max(24, (table.rows.map { label($0).count }.max() ?? 0) + 4)
        // Wide enough for its cells and for the longest source's name with a space after it.
        let groupWidth = max(perSource * 3 + 2, (sources.map { (sourceLabels[$0] ?? $0).count }.max() ?? 0) + 1)
        lines.append(gridLine(pad("", width) + sources.map { pad(sourceLabels[$0] ?? $0, groupWidth) }.joined()))
        let sub = group.map { pad((stateLetters[$0.lockState] ?? "?") + ($0.authorized ? "+" : "-"), 3) }.joined()
        lines.append(gridLine(pad("", width) + sources.map { _ in pad(sub, groupWidth) }.joined()))
        var lastApp: String?
        for row in table.rows {
            let appLine = "\(row.appName ?? "?") (\(row.extensionBundle ?? row.app ?? "?"))"
            if appLine != lastApp {
                lines.append(appLine)
                lastApp = appLine
            }
            let cells = stride(from: 0, to: row.cells.count, by: perSource).map { start in
                pad(row.cells[start..<min(start + perSource, row.cells.count)].map { pad(symbol($0), 3) }.joined(), groupWidth)
            }
            lines.append(gridLine(pad("  " + label(row), width) + cells.joined()))
        }
        lines.append("")
        lines.append("U unlocked, L locked, B locked before the first unlock; + authorized to use Siri (for an agent: the user let agents use the app), - not.")
        lines.append("ok allowed, . not applicable; refused by: " + table.rules.map { "\(letters[$0.name] ?? "x") \($0.meaning)" }.joined(separator: "; ") + ".")
        if table.rows.contains(where: { $0.cells.contains { $0.rule == "app-intents-unknown" } }) {
            lines.append("Some App Intents are not known yet: `intents validate PATH`, or any request while unlocked, learns them.")
        }
        return lines
    }

    /// `columns`, `rules` and `rows` (each an `intent` or an `activityType`, every cell with its
    /// verdict, rule and reason), and the lock state now.
    public static func json(_ table: PolicyTable) -> JSONValue {
        var object: [String: JSONValue] = [
            "columns": .array(table.columns.map { .object(context($0)) }),
            "rules": .object(Dictionary(table.rules.map { ($0.name, .string($0.meaning)) }, uniquingKeysWith: { first, _ in first })),
            "rows": .array(table.rows.map { row in
                var object: [String: JSONValue] = ["kind": .string(row.kind), "cells": .array(zip(table.columns, row.cells).map { column, cell in
                    var object = context(column)
                    object["verdict"] = .string(cell.verdict)
                    if let rule = cell.rule { object["rule"] = .string(rule) }
                    if let reason = cell.reason { object["reason"] = .string(reason) }
                    return .object(object)
                })]
                object[row.kind == "user-activity" ? "activityType" : "intent"] = .string(row.name)
                if let bundle = row.extensionBundle { object["extension"] = .string(bundle) }
                if let app = row.app {
                    object["app"] = .string(app)
                    object["appName"] = .string(row.appName ?? "")
                }
                return .object(object)
            }),
            "currentLockState": .string(table.currentLockState),
        ]
        if let problem = table.lockStateProblem { object["lockStateProblem"] = .string(problem) }
        return .object(object)
    }

    private static func context(_ column: PolicyTable.Column) -> [String: JSONValue] {
        ["lockState": .string(column.lockState), "authorized": .bool(column.authorized), "source": .string(column.source)]
    }

    /// The row's name in the grid: the intent, or the activity type marked as one.
    private static func label(_ row: PolicyTable.Row) -> String {
        row.kind == "user-activity" ? row.name + " (activity)" : row.name
    }

    private static func symbol(_ cell: PolicyTable.Cell) -> String {
        switch cell.verdict {
        case "allowed": "ok"
        case "not-applicable": "."
        default: cell.rule.flatMap { letters[$0] } ?? "x"
        }
    }

    /// A line of the grid, without the padding of its last column.
    private static func gridLine(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
