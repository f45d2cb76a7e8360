import ExtensionProtocol
import Foundation
@testable import Intents
import IntentsTesting
import SystemCalls
import SystemStore
import Testing

/// The SDK's system side from an app process: donations, shortcuts, vocabulary, authorization,
/// performed by `IntentsTesting`'s in-process system (the test runner is no installed app, so
/// no server would take its calls; `SystemCallServerTests` sends them to a real one).
/// Serialized: the app context is per process.
@Suite(.serialized) final class SystemAPITests {
    let folder = NSTemporaryDirectory() + "intents-sdk-\(UUID().uuidString)"
    var state: String { folder + "/state" }
    var store: SystemStore { get throws { try SystemStore(stateFolder: state) } }

    init() throws {
        try writeApp(usageDescription: "MonkeyChat sends your messages.")
        InProcessSystem.install()
    }

    deinit {
        InProcessSystem.uninstall()
        IntentsAppContext.configure(appBundle: nil)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func writeApp(usageDescription: String?) throws {
        let app = folder + "/MonkeyChat.app"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        var plist: [String: Any] = ["CFBundleIdentifier": "com.example.MonkeyChat", "CFBundleDisplayName": "MonkeyChat",
                                    "NSUserActivityTypes": ["com.example.show"]]
        plist["NSSiriUsageDescription"] = usageDescription
        try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            .write(to: URL(fileURLWithPath: app + "/Info.plist"))
        IntentsAppContext.configure(appBundle: app, stateFolder: state)
    }

    func message(to name: String) -> INSendMessageIntent {
        let person = INPerson(personHandle: INPersonHandle(value: "@" + name, type: .unknown), nameComponents: nil,
                              displayName: name, image: nil, contactIdentifier: nil, customIdentifier: nil)
        return INSendMessageIntent(recipients: [person], outgoingMessageType: .outgoingMessageText, content: "hi",
                                   speakableGroupName: nil, conversationIdentifier: nil, serviceName: nil, sender: nil, attachments: nil)
    }

    func donate(_ name: String, group: String? = nil) async throws -> INInteraction {
        let interaction = INInteraction(intent: message(to: name), response: INSendMessageIntentResponse(code: .success, userActivity: nil))
        interaction.groupIdentifier = group
        try await interaction.donate()
        return interaction
    }

    @Test func interactionsAreDonatedAndDeletedAtOnce() async throws {
        let first = try await donate("Kiki", group: "kiki")
        _ = try await donate("Kiki", group: "kiki")
        let third = try await donate("Momo")
        _ = try await donate("Bobo")
        #expect(first.intentHandlingStatus == .success)
        let stored = try store.donations(app: "com.example.MonkeyChat")
        #expect(stored.count == 4)
        #expect(stored[0].responseCode == "success")
        #expect(stored[0].action == .intent(first.intent.payload, className: "Intents.INSendMessageIntent"))

        var failure: (any Error)?
        INInteraction.delete(with: [third.identifier!]) { failure = $0 }
        INInteraction.delete(with: "kiki") { failure = failure ?? $0 }
        #expect(failure == nil)
        let left = try store.donations()
        #expect(left.count == 1)
        #expect(left.first?.action.summary.contains("recipients: Bobo") == true, "\(left)")
        INInteraction.deleteAll()
        #expect(try store.donations().isEmpty)
    }

    @Test func activitiesMustBeDeclaredAndAreDeletedByPersistentIdentifier() throws {
        let undeclared = NSUserActivity(activityType: "com.example.secret")
        undeclared.isEligibleForPrediction = true
        let error = #expect(throws: INIntentError.self) { try undeclared.donateForPrediction() }
        #expect(error?.message == "The activity type \"com.example.secret\" is not in NSUserActivityTypes of \(folder)/MonkeyChat.app/Info.plist (declared: com.example.show).")

        let ineligible = NSUserActivity(activityType: "com.example.show")
        ineligible.becomeCurrent()
        #expect(try store.donations().isEmpty)
        for identifier in ["a", "b"] {
            let activity = NSUserActivity(activityType: "com.example.show")
            activity.isEligibleForPrediction = true
            activity.persistentIdentifier = identifier
            activity.userInfo = ["screen": identifier, "count": 2]
            activity.becomeCurrent()
        }
        let donated = try store.donations()
        #expect(donated.map(\.persistentIdentifier) == ["a", "b"])
        #expect(donated.first?.action == .userActivity(UserActivityPayload(activityType: "com.example.show",
                                                                            userInfo: ["screen": .string("a"), "count": .integer(2)])))
        NSUserActivity.deleteSavedUserActivities(withPersistentIdentifiers: ["a"])
        #expect(try store.donations().map(\.persistentIdentifier) == ["b"])
        NSUserActivity.deleteAllSavedUserActivities()
        #expect(try store.donations().isEmpty)
    }

    /// `requiredUserInfoKeys` is the minimal information stored for later restoration: a donated
    /// activity keeps only those keys; without it, every key.
    @Test func aDonatedActivityKeepsOnlyItsRequiredUserInfoKeys() throws {
        let activity = NSUserActivity(activityType: "com.example.show")
        activity.isEligibleForPrediction = true
        activity.userInfo = ["screen": "inbox", "scroll": 120, "draft": "unsent words"]
        activity.requiredUserInfoKeys = ["screen", "absent"]
        activity.becomeCurrent()
        activity.requiredUserInfoKeys = nil
        activity.becomeCurrent()
        let actions = try store.donations().map(\.action)
        #expect(actions.first == .userActivity(UserActivityPayload(activityType: "com.example.show", userInfo: ["screen": .string("inbox")])))
        #expect(actions.last == .userActivity(UserActivityPayload(activityType: "com.example.show",
                                                                   userInfo: ["screen": .string("inbox"), "scroll": .integer(120),
                                                                              "draft": .string("unsent words")])))
        activity.requiredUserInfoKeys = ["screen"]
        #expect(INShortcut(userActivity: activity).action == .userActivity(UserActivityPayload(activityType: "com.example.show",
                                                                                                 userInfo: ["screen": .string("inbox")])))
        #expect(activity.payload.userInfo.count == 3)
    }

    @Test func voiceShortcutsComeBackWithTheirIntents() async throws {
        let interaction = try await donate("Kiki")
        let record = VoiceShortcutRecord(phrase: "chat kiki", app: "com.example.MonkeyChat",
                                         action: INShortcut(intent: interaction.intent)!.action)
        try store.addVoiceShortcut(record)
        try store.addVoiceShortcut(VoiceShortcutRecord(phrase: "other app", app: "com.example.Other", action: record.action))
        let shortcuts: [INVoiceShortcut] = try await withCheckedThrowingContinuation { continuation in
            INVoiceShortcutCenter.shared.getAllVoiceShortcuts { shortcuts, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: shortcuts ?? []) }
            }
        }
        #expect(shortcuts.map { $0.invocationPhrase } == ["chat kiki"])
        let intent = try #require(shortcuts.first?.shortcut.intent as? INSendMessageIntent)
        #expect(intent.recipients?.map { $0.displayName } == ["Kiki"])
        #expect(INShortcut(intent: INIntent()) == nil)
        var found: INVoiceShortcut?
        INVoiceShortcutCenter.shared.getVoiceShortcut(with: record.identifier) { shortcut, _ in found = shortcut }
        #expect(found?.invocationPhrase == "chat kiki")
        var otherApps: INVoiceShortcut?
        let other = try store.voiceShortcuts(app: "com.example.Other")[0].identifier
        INVoiceShortcutCenter.shared.getVoiceShortcut(with: other) { shortcut, _ in otherApps = shortcut }
        #expect(otherApps == nil)

        INVoiceShortcutCenter.shared.setShortcutSuggestions([INShortcut(userActivity: NSUserActivity(activityType: "com.example.show"))])
        #expect(try store.shortcutSuggestions(app: "com.example.MonkeyChat").map(\.action.name) == ["com.example.show"])
        let relevant = INRelevantShortcut(shortcut: INShortcut(intent: interaction.intent)!)
        relevant.relevanceProviders = [INDateRelevanceProvider(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60))]
        INRelevantShortcutStore.default.setRelevantShortcuts([relevant])
        #expect(try store.relevantShortcuts(app: "com.example.MonkeyChat").first?.action.intervals
                == [DateInterval(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60))])
    }

    @Test func vocabularyKeepsOrderDropsLongStringsAndIsTheAppsAlone() throws {
        let long = String(repeating: "a", count: 513)
        let kept = try INVocabulary.shared().replaceVocabularyStrings(["Zed", long, "Ann", "Zed", String(repeating: "b", count: 512)], of: .contactName)
        #expect(kept == ["Zed", "Ann", String(repeating: "b", count: 512)])
        INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: ["Bobo", "Kiki"]), of: .contactName)
        #expect(try store.vocabulary(app: "com.example.MonkeyChat").first?.strings == ["Bobo", "Kiki"])
        INVocabulary.shared().removeAllVocabularyStrings()
        #expect(try store.vocabulary().isEmpty)

        IntentsAppContext.isExtension = true
        defer { IntentsAppContext.isExtension = false }
        let refused = #expect(throws: INIntentError.self) { try INVocabulary.shared().replaceVocabularyStrings(["x"], of: .contactName) }
        #expect(refused?.code == .interactionOperationNotSupported)
    }

    @Test func authorizationIsAskedOnceAndNeedsAUsageDescription() throws {
        var asked = 0
        INPreferences.askUser = { name, description in
            asked += 1
            #expect(name == "MonkeyChat" && description == "MonkeyChat sends your messages.")
            return .authorized
        }
        #expect(INPreferences.siriAuthorizationStatus() == .notDetermined)
        #expect(try INPreferences.requestSiriAuthorizationOrThrow() == .authorized)
        #expect(try INPreferences.requestSiriAuthorizationOrThrow() == .authorized)
        #expect(asked == 1)
        #expect(INPreferences.siriAuthorizationStatus() == .authorized)

        try writeApp(usageDescription: nil)
        let error = #expect(throws: INIntentError.self) { try INPreferences.requestSiriAuthorizationOrThrow() }
        #expect(error?.message == "\(folder)/MonkeyChat.app/Info.plist has no NSSiriUsageDescription; an app must say why it wants Siri before asking.")
    }

    @Test func anUnknownAppIsAClearError() {
        IntentsAppContext.configure(appBundle: folder + "/Missing.app", stateFolder: state)
        let error = #expect(throws: INIntentError.self) { try INInteraction(intent: self.message(to: "Kiki"), response: nil).donateNow() }
        #expect(error?.message == "The app bundle \(folder)/Missing.app has no readable Info.plist.")
    }
}
