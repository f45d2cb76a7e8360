import CommandReports
import HostBundles
import IntentsServer

/// Prints what discovery or validation found, as text or JSON (`AppsReport`, as the client
/// prints the server's `apps` reply).
enum CatalogReport {
    static func print(_ catalog: BundleCatalog, json: Bool, appIntents: AppShortcutsSnapshot? = nil) {
        let listing = UserReports.apps(catalog, appIntents: appIntents)
        if json {
            writeOutput(AppsReport.json(listing).text + "\n")
        } else {
            AppsReport.lines(listing).forEach(printLine)
        }
    }
}
