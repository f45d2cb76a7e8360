import Foundation
import HostBundles
import Testing

/// `AppBundle.folderName(of:)`, the name an app answers to besides its own names: the folder's
/// last component without its extension, exactly as Foundation's path methods give it.
@Suite struct AppFolderNameTests {
    @Test(arguments: ["/Apps/Pizza.app", "/Apps/Pizza", "/Apps/Pizza.app/", "/Apps/Pizza.app//", "Pizza.app", "/Apps/.app",
                      "/Apps/..app", "/Apps/b.c.app", "/Apps/x.", "/Apps/a..b", "/", "/Apps/ .app", "/Apps/x.y z",
                      "/Apps/Café.app", "/Apps/日本.app", "/Apps/x.ab/c", "", "relative/Name.app"])
    func theFolderNameIsFoundationsLastComponentWithoutItsExtension(path: String) {
        let foundation = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        #expect(AppBundle.folderName(of: path) == foundation, "\(path)")
    }
}
