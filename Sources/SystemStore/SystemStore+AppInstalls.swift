import Foundation
import SQLiteSupport

extension SystemStore {
    /// The apps a host has installed, each with its place in the order scans first accepted
    /// them: lower is earlier. An app stays recorded once recorded.
    /// - Throws: `SystemStoreError` when the store cannot be read.
    public func appInstallOrder() throws -> [String: Int] {
        var order: [String: Int] = [:]
        for row in try read("SELECT app, seq FROM app_installs") {
            if let app = row[0].text, let seq = row[1].integer { order[app] = Int(seq) }
        }
        return order
    }

    /// Records `apps`, in this order, as installed after every app recorded so far; an app
    /// already recorded keeps its place. Nothing is written for an empty list.
    /// - Throws: `SystemStoreError` when the store cannot be written.
    public func recordAppInstalls(_ apps: [String]) throws {
        guard !apps.isEmpty else { return }
        try write {
            for app in apps {
                try connection.run("INSERT OR IGNORE INTO app_installs (app, seq) SELECT ?, coalesce(max(seq), 0) + 1 FROM app_installs",
                                   [.text(app)])
            }
        }
    }
}
