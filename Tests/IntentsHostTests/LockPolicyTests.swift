import Foundation
import ExtensionProtocol
import IntentsHost
import SiriKitDomains
import Testing
import HostBundles
import HostPolicy
import SystemCalls

@Suite struct LockPolicyTests {
    let bundle = ExtensionBundle(path: "/x", bundleIdentifier: "com.example.X.Intents", displayName: "X", principalClass: "X.I",
                                 libraryPath: "/x/libX.so",
                                 intentsSupported: ["INSendMessageIntent", "INStartCallIntent", "INSendPaymentIntent", "INSearchForNotebookItemsIntent"],
                                 restrictedWhileLocked: ["INSendMessageIntent"],
                                 restrictedWhileProtectedDataUnavailable: ["INSearchForNotebookItemsIntent"],
                                 appBundleIdentifier: "com.example.X")

    /// The consent to agents: only a grant lets them run, and each refusal says which decision
    /// stands and the command that changes it.
    @Test func agentsNeedTheConsentAndHearWhichDecisionStands() {
        #expect(AgentPolicy.restriction(of: "INSendMessageIntent", app: nil, consent: .authorized) == nil)
        let sentences = [SiriAuthorization.notDetermined, .denied, .restricted].map {
            AgentPolicy.restriction(of: "INSendMessageIntent", app: nil, consent: $0)
        }
        #expect(sentences.allSatisfy { $0?.rule == .agentNotAllowed })
        #expect(sentences.map { $0?.message.contains("intents authorize APP grant --agents") } == [true, true, true])
        #expect(sentences[0]?.message.contains("has not let agents use it") == true)
        #expect(sentences[1]?.message.contains("did not let agents use it") == true)
        #expect(sentences[2]?.message.contains("hid it from agents") == true)
    }

    @Test func unlockedAllowsEverything() {
        for intent in bundle.intentsSupported {
            #expect(LockPolicy.refusal(for: intent, by: bundle, in: .unlocked) == nil)
        }
    }

    @Test func lockedRefusesListedAndAlwaysRestrictedIntents() {
        #expect(LockPolicy.refusal(for: "INSendMessageIntent", by: bundle, in: .locked)
                == "INSendMessageIntent is restricted while locked by com.example.X.Intents (IntentsRestrictedWhileLocked); unlock the device first.")
        #expect(LockPolicy.refusal(for: "INSendPaymentIntent", by: bundle, in: .locked)
                == "INSendPaymentIntent is always restricted while the device is locked; unlock the device first.")
        #expect(LockPolicy.refusal(for: "INStartCallIntent", by: bundle, in: .locked) == nil)
        #expect(LockPolicy.refusal(for: "INSearchForNotebookItemsIntent", by: bundle, in: .locked) == nil)
    }

    @Test func beforeFirstUnlockAlsoRefusesProtectedDataIntents() {
        #expect(LockPolicy.refusal(for: "INSearchForNotebookItemsIntent", by: bundle, in: .lockedBeforeFirstUnlock) != nil)
        #expect(LockPolicy.refusal(for: "INSendMessageIntent", by: bundle, in: .lockedBeforeFirstUnlock) != nil)
        #expect(LockPolicy.refusal(for: "INStartCallIntent", by: bundle, in: .lockedBeforeFirstUnlock) == nil)
    }

    /// The policies read the SiriKit domain data: exactly the intents Apple always restricts,
    /// generated or not yet; every domain intent needs authorization; Siri's questions.
    @Test func theDomainDataGivesApplesPolicies() {
        #expect(LockPolicy.alwaysRestricted == [
            "INSendPaymentIntent", "INRequestPaymentIntent", "INTransferMoneyIntent", "INSearchForBillsIntent",
            "INRequestRideIntent", "INSendRideFeedbackIntent",
            "INBookRestaurantReservationIntent", "INGetAvailableRestaurantReservationBookingDefaultsIntent",
            "INSearchForPhotosIntent", "INStartPhotoPlaybackIntent", "INStartWorkoutIntent", "INResumeWorkoutIntent",
            "INSetSeatSettingsInCarIntent",
        ])
        let generated = SiriKitDomain.all.flatMap(\.intents).map(\.name)
        #expect(Set(generated).isSubset(of: AuthorizationPolicy.domainIntents))
        #expect(AuthorizationPolicy.domainIntents.isSuperset(of: LockPolicy.alwaysRestricted))
        #expect(AuthorizationPolicy.domainIntents.contains("INSetRadioStationIntent"))
        #expect(SystemConfirmationPolicy.systemPrompts["INSendMessageIntent"] == "Ready to send it?")
        #expect(SystemConfirmationPolicy.systemPrompts["INRequestRideIntent"] == "Ready to book the ride?")
        #expect(SystemConfirmationPolicy.systemPrompts["INAddTasksIntent"] == nil)
    }
}

@Suite struct LockStateStoreTests {
    let folder = TemporaryFolder()

    @Test func stateSurvivesAndDefaultsToUnlocked() throws {
        let store = LockStateStore(stateFolder: folder.path + "/state")
        #expect(store.load() == .unlocked)
        try store.save(.lockedBeforeFirstUnlock)
        #expect(LockStateStore(stateFolder: folder.path + "/state").load() == .lockedBeforeFirstUnlock)
    }

    @Test func aChangeByAnotherWriterIsSeenAtOnce() throws {
        let reader = LockStateStore(stateFolder: folder.path)
        let writer = LockStateStore(stateFolder: folder.path)
        try writer.save(.locked)
        #expect(reader.load() == .locked)
        try writer.save(.unlocked)
        #expect(reader.load() == .unlocked)
        try FileManager.default.removeItem(atPath: writer.path)
        #expect(reader.load() == .unlocked)
    }

    @Test func unknownContentFailsClosedNamingTheFile() throws {
        let store = LockStateStore(stateFolder: folder.path)
        try Data("sideways\n\u{1b}[31m".utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(store.read() == LockReading(state: .lockedBeforeFirstUnlock,
                                            problem: "\(store.path) holds \"sideways\\n\\u{1b}[31m\", which is not one of unlocked, locked, lockedBeforeFirstUnlock"))
    }

    @Test func aCachedStateIsDroppedWhenTheFileIsReplaced() throws {
        let store = LockStateStore(stateFolder: folder.path)
        try Data("unlocked\n".utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(store.read() == LockReading(state: .unlocked))
        try FileManager.default.removeItem(atPath: store.path)
        try #require(mkfifo(store.path, 0o644) == 0)
        #expect(store.read() == LockReading(state: .lockedBeforeFirstUnlock, problem: "\(store.path) is a FIFO, not a regular file"))
    }

    @Test func aSymlinkInThePlaceOfTheStateFailsClosed() throws {
        let store = LockStateStore(stateFolder: folder.path)
        try Data("unlocked\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: folder.path + "/elsewhere")
        #expect(store.read() == LockReading(state: .lockedBeforeFirstUnlock, problem: "\(store.path) cannot be read: it is a symbolic link"))
    }

    @Test func aRefusalSaysWhyTheDeviceCountsAsLocked() {
        let bundle = LockPolicyTests().bundle
        let reading = LockReading(state: .lockedBeforeFirstUnlock, problem: "/s/lock-state is a FIFO, not a regular file")
        #expect(LockPolicy.refusal(for: "INSendMessageIntent", by: bundle, in: reading)
                == "INSendMessageIntent is restricted while locked by com.example.X.Intents (IntentsRestrictedWhileLocked), and the device counts as locked because /s/lock-state is a FIFO, not a regular file; fix or remove it, then run `intents unlock`.")
        #expect(LockPolicy.refusal(for: "INStartCallIntent", by: bundle, in: reading) == nil)
    }
}

@Suite struct ValueParserTests {
    func parameter(_ type: ValueType, list: Bool = false) -> ParameterSchema {
        ParameterSchema(name: "p", type: type, isList: list,
                        enumerationCases: type == .enumeration ? [EnumerationValue(rawValue: 1, name: "outgoingMessageText")] : [])
    }

    @Test func eachTypeParses() throws {
        #expect(try ValueParser.parse("7", for: parameter(.integer), of: "I") == .integer(7))
        #expect(try ValueParser.parse("2.5", for: parameter(.double), of: "I") == .double(2.5))
        #expect(try ValueParser.parse("yes", for: parameter(.boolean), of: "I") == .boolean(true))
        #expect(try ValueParser.parse("Bobo", for: parameter(.person), of: "I") == .person(PersonValue(displayName: "Bobo")))
        #expect(try ValueParser.parse("funghi", for: parameter(.object), of: "I") == .object(ObjectValue(identifier: nil, display: "funghi")))
        #expect(try ValueParser.parse("1", for: parameter(.enumeration), of: "I") == .enumeration(EnumerationValue(rawValue: 1, name: "outgoingMessageText")))
        #expect(try ValueParser.parse("2026-11-22 19:30", for: parameter(.dateComponents), of: "I")
                == .dateComponents(DateComponentsValue(year: 2026, month: 11, day: 22, hour: 19, minute: 30)))
    }

    @Test func listsSplitOnCommasAndRepeats() throws {
        let value = try ValueParser.parse(["Bobo, Kiki", "Momo"], for: parameter(.person, list: true), of: "I")
        #expect(value.elements.map(\.displayString) == ["Bobo", "Kiki", "Momo"])
    }

    @Test func badValuesNameTheParameterAndTheForm() {
        #expect(throws: HostError(.usage, "Parameter p of I expects a whole number; \"two\" is not one.")) {
            try ValueParser.parse("two", for: parameter(.integer), of: "I")
        }
        #expect(throws: HostError(.usage, "Parameter p of I expects a time HH:MM, a date YYYY-MM-DD, or both; \"25:00\" is not one.")) {
            try ValueParser.parse("25:00", for: parameter(.dateComponents), of: "I")
        }
        #expect(throws: HostError(.usage, "Parameter p of I expects one of outgoingMessageText; \"fax\" is not one.")) {
            try ValueParser.parse("fax", for: parameter(.enumeration), of: "I")
        }
        #expect(throws: HostError(.usage, "Parameter p of I takes one value; it was given 2.")) {
            try ValueParser.parse(["1", "2"], for: parameter(.integer), of: "I")
        }
    }
}
