import LocalAPI

/// How `intents status` shows the host's set-up: lines of text (not yet escaped for a terminal)
/// or one JSON object. The embedded host and the client print the same bytes from it.
public enum StatusReport {
    public static func lines(_ setup: HostSetup) -> [String] {
        var lines = [
            "Lock state:   \(setup.lockState)\(setup.lockStateProblem.map { " (assumed, failing closed: \($0))" } ?? "")",
            "State folder: \(setup.stateFolder)",
            "Apps folders: \(setup.appsFolders.isEmpty ? "(none)" : setup.appsFolders.joined(separator: ", "))",
            "Runner:       \(setup.runner)",
            "Found:        \(setup.apps) apps, \(setup.extensions) extensions, \(setup.faults) faults, \(setup.conflicts) conflicts",
        ]
        let sandbox = setup.sandbox
        if let problem = sandbox.problem {
            lines.append("Sandbox:      unknown: \(problem)")
            return lines
        }
        lines.append("Sandbox:      \(sandbox.layers.joined(separator: ", "))")
        if !sandbox.missingRequired.isEmpty {
            lines.append("              missing: \(sandbox.missingRequired.joined(separator: ", ")); extensions will not run without --unsafe-no-sandbox")
        }
        lines += sandbox.problems.map { "              \($0)" }
        lines.append("Threads:      capped by \(sandbox.threadCap)")
        return lines
    }

    public static func json(_ setup: HostSetup) -> JSONValue {
        let sandbox = setup.sandbox
        var sandboxObject: [String: JSONValue] = ["available": .bool(sandbox.isAvailable)]
        if let problem = sandbox.problem {
            sandboxObject["problem"] = .string(problem)
        } else {
            sandboxObject["layers"] = .array(sandbox.layers.map(JSONValue.string))
            sandboxObject["landlockABI"] = .integer(sandbox.landlockABI)
            sandboxObject["missingRequired"] = .array(sandbox.missingRequired.map(JSONValue.string))
            sandboxObject["problems"] = .array(sandbox.problems.map(JSONValue.string))
            sandboxObject["threadCap"] = .string(sandbox.threadCap)
        }
        var object: [String: JSONValue] = [
            "lockState": .string(setup.lockState), "stateFolder": .string(setup.stateFolder),
            "appsFolders": .array(setup.appsFolders.map(JSONValue.string)), "runner": .string(setup.runner),
            "apps": .integer(setup.apps), "extensions": .integer(setup.extensions), "faults": .integer(setup.faults),
            "conflicts": .integer(setup.conflicts), "sandbox": .object(sandboxObject),
        ]
        if let problem = setup.lockStateProblem { object["lockStateProblem"] = .string(problem) }
        return .object(object)
    }
}
