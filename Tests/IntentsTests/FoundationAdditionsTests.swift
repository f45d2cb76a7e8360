import Foundation
@testable import Intents
import Testing

/// `NSString.deferredLocalizedIntentsString(with:_:)`: formatted here, localized by the system on Apple's.
@Suite struct DeferredLocalizedStringTests {
    @Test func theFormatIsFilledWithTheArguments() {
        #expect(NSString.deferredLocalizedIntentsString(with: "%d pizzas for %@", 2, "Ada") == "2 pizzas for Ada")
        #expect(NSString.deferredLocalizedIntentsString(with: "Ready in %.1f minutes", 2.5) == "Ready in 2.5 minutes")
        #expect(NSString.deferredLocalizedIntentsString(with: "No arguments") == "No arguments")
    }
}

/// `UserDefaults(suiteName: "group.…")` works as Foundation's and warns, once, that the suite is
/// not shared with the app group.
@Suite struct AppGroupUserDefaultsTests {
    @Test func anAppGroupSuiteIsWarnedAboutOnce() throws {
        let suite = "group.com.example.defaults-\(UUID().uuidString.prefix(8))"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defaults.set("margherita", forKey: "favourite")
        #expect(defaults.string(forKey: "favourite") == "margherita")
        #expect(AppGroupSuiteWarnings.shared.warned.contains(suite))
        _ = UserDefaults(suiteName: suite)
        #expect(AppGroupSuiteWarnings.shared.warned.filter { $0 == suite }.count == 1)
        #expect(AppGroupSuiteWarnings.message(for: suite) == "UserDefaults(suiteName: \"\(suite)\") keeps its values in this process's own preferences, not in the app group's container, so the app and its extensions do not share them: use SharedStore(suiteName: \"\(suite)\") from SharedKit.")
    }

    @Test func otherSuitesAreNotWarnedAbout() {
        let suite = "com.example.defaults-\(UUID().uuidString.prefix(8))"
        let optional: String? = "group.com.example.optional-\(UUID().uuidString.prefix(8))"
        #expect(UserDefaults(suiteName: suite) != nil)
        #expect(UserDefaults(suiteName: optional) != nil)
        #expect(!AppGroupSuiteWarnings.shared.warned.contains(suite))
        // An optional name goes to Foundation's initializer directly, unseen.
        #expect(!AppGroupSuiteWarnings.shared.warned.contains(optional!))
    }
}
