import ExtensionProtocol
import HostBundles
import IntentsHost
import SystemCalls
import SystemStore

/// Donations the user names by identifier. An identifier is its app's own choice, so two apps
/// may use one: then the command must say which app's, and does nothing until it does.
public enum DonationIdentifiers {
    /// `app`'s donation `identifier`, or, with no app, the one donation that has it.
    /// - Throws: `HostError` (`.usage`) when no donation (of `app`) has it, or when several apps
    ///   used it and `app` is nil.
    public static func donation(_ identifier: String, app: String?, in store: SystemStore) throws -> Donation {
        if let app {
            guard let donation = try store.donation(identifier: identifier, app: app) else {
                throw HostError(.usage, "No donation has the identifier \(identifier) among \(app)'s; `intents donations list --app \(app)` shows them.")
            }
            return donation
        }
        let donations = try store.donations(identifier: identifier)
        guard donations.count <= 1 else { throw ambiguous(identifier, apps: donations.map(\.app)) }
        guard let donation = donations.first else {
            throw HostError(.usage, "No donation has the identifier \(identifier); `intents donations list` shows them.")
        }
        return donation
    }

    /// The app whose donation each of `identifiers` is, app by app (an identifier no app used
    /// is left out).
    /// - Throws: `HostError` (`.usage`) naming the first identifier that several apps used.
    public static func owners(of identifiers: [String], in store: SystemStore) throws -> [(app: String, identifiers: [String])] {
        var owners: [(app: String, identifiers: [String])] = []
        for identifier in identifiers {
            let apps = try store.donations(identifier: identifier).map(\.app)
            guard apps.count <= 1 else { throw ambiguous(identifier, apps: apps) }
            guard let app = apps.first else { continue }
            if let index = owners.firstIndex(where: { $0.app == app }) {
                owners[index].identifiers.append(identifier)
            } else {
                owners.append((app, [identifier]))
            }
        }
        return owners
    }

    private static func ambiguous(_ identifier: String, apps: [String]) -> HostError {
        let listed = apps.dropLast().joined(separator: ", ") + " and " + (apps.last ?? "")
        return HostError(.usage, "The donation identifier \(identifier.quotedForDisplay) is used by \(listed); say which app's with --app.")
    }
}
