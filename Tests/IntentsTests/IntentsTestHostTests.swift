import Foundation
import Intents
import IntentsTesting
import SystemCalls
import SystemStore
import Testing

/// The in-process host an extension author tests with: its lock state, Siri authorization and
/// invocation source, and the assertions a conversation reads well with.
@Suite struct IntentsTestHostTests {
    let probe = ProbeExtension()

    /// ProbeIntent needs protected data: it runs unlocked and locked, and is refused before the
    /// first unlock, before any extension code runs, with an error that says the rule and the host's conditions.
    @Test(arguments: LockState.allCases)
    func aHostInEachLockStateRefusesOrAllowsAsItsPlistSays(_ state: LockState) async throws {
        let host = try IntentsTestHost(extension: probe, supporting: ["ProbeIntent"],
                                       restrictedWhileProtectedDataUnavailable: ["ProbeIntent"], lockState: state)
        if state == .lockedBeforeFirstUnlock {
            let error = await #expect(throws: HostError.self) { try await host.send(ProbeIntent()) }
            #expect(error?.code == .refusedByPolicy)
            #expect(error?.policyRule == .restrictedWhileProtectedDataUnavailable)
            #expect(error?.message.hasPrefix("Refused by policy (rule restricted-while-protected-data-unavailable; lockedBeforeFirstUnlock, authorization not checked, direct): ProbeIntent needs protected data") == true,
                    "\(error?.message ?? "")")
            #expect(host.extensionRequestCount == 0)
            #expect(probe.script.calls.isEmpty)
        } else {
            let result = try await host.send(ProbeIntent())
            #expect(result.code == "success")
            #expect(host.extensionRequestCount > 0)
            #expect(probe.script.calls == ["item", "count", "friends", "confirm", "handle"])
        }
        let direct = PolicyContext(lockState: state, authorized: true, source: .direct)
        let verdict = try host.policyCases(for: "ProbeIntent").first { $0.context == direct }?.verdict
        #expect(verdict == (state == .lockedBeforeFirstUnlock ? .refused(.restrictedWhileProtectedDataUnavailable) : .allowed))
    }

    /// Messaging is a SiriKit domain: a host that checks authorization refuses an app not
    /// authorized, unless the intent comes from a voice shortcut; by default it is not checked.
    @Test func siriAuthorizationIsCheckedWhenChosenButNotForAVoiceShortcut() async throws {
        let provider = HandlerFormTests.Provider()
        provider.make = { HandlerFormTests.AsyncHandler() }
        func host(_ authorization: SiriAuthorization?, _ source: InvocationSource = .direct) throws -> IntentsTestHost {
            try IntentsTestHost(extension: provider, supporting: ["INSendMessageIntent"], authorization: authorization, source: source)
        }
        let denied = try host(.denied)
        let error = await #expect(throws: HostError.self) { try await denied.send("INSendMessageIntent", answers: ["hi"]) }
        #expect(error?.policyRule == .notAuthorized)
        #expect(error?.message.hasPrefix("Refused by policy (rule not-authorized; unlocked, authorization denied, direct): ") == true)
        #expect(denied.extensionRequestCount == 0)

        #expect(try await host(.denied, .voiceShortcut).send("INSendMessageIntent", answers: ["hi"]).code == "success")
        #expect(try await host(.authorized).send("INSendMessageIntent", answers: ["hi"]).code == "success")
        #expect(try await host(nil).send("INSendMessageIntent", answers: ["hi"]).code == "success")
    }

    @Test func aConversationReadsAsItsPromptsCodeOutputsAndParameters() async throws {
        probe.script.item = { intent in
            intent.item?.identifier == nil ? .disambiguation(with: [object("funghi"), object("margherita")]) : .success(with: intent.item!)
        }
        probe.script.handle = { intent in
            let response = ProbeResponse(code: .successWithReceipt, userActivity: nil)
            response.receipt = "one \(intent.item?.displayString ?? "nothing")"
            return response
        }
        let result = try await IntentsTestHost(extension: probe, supporting: ["ProbeIntent"]).send(ProbeIntent(), answers: ["2"])
        #expect(result.prompts.map(\.text) == ["Which item do you mean?"])
        #expect(result.prompts.map(\.answer) == ["2"])
        #expect(result.code == "successWithReceipt")
        #expect(result.outputs == ["receipt": .string("one Margherita")])
        #expect(result.parameters["item"]?.displayString == "Margherita")
        #expect(result.dialog == nil)
        #expect(!result.declinedByUser)
    }

    /// A host built from a plist takes its intents and restrictions from it, and says when the
    /// extension it is given is not the plist's principal class.
    @Test func aHostFromAnInfoPlistHasItsRestrictionsAndChecksItsPrincipal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intents-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("Info.plist").path
        let attributes: [String: Any] = ["IntentsSupported": ["ProbeIntent"], "IntentsRestrictedWhileLocked": ["ProbeIntent"]]
        let contents: [String: Any] = [
            "CFBundleIdentifier": "com.example.Probe.Intents", "CFBundleExecutable": "ProbeIntents",
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service",
                            "NSExtensionPrincipalClass": "IntentsTests.ProbeExtension", "NSExtensionAttributes": attributes],
        ]
        try PropertyListSerialization.data(fromPropertyList: contents, format: .xml, options: 0).write(to: URL(fileURLWithPath: plist))

        let locked = try await IntentsTestHost(infoPlist: plist, extension: probe, lockState: .locked)
        #expect(locked.bundle.bundleIdentifier == "com.example.Probe.Intents")
        let error = await #expect(throws: HostError.self) { try await locked.send(ProbeIntent()) }
        #expect(error?.policyRule == .restrictedWhileLocked)
        #expect(try await IntentsTestHost(infoPlist: plist, extension: probe).send(ProbeIntent()).code == "success")

        // A relative path is the package's: this repository's, for this file.
        let phone = "Tests/Fixtures/ThirdPartyExtension/Info/PhoneIntents/Info.plist"
        let wrong = await #expect(throws: HostError.self) { try await IntentsTestHost(infoPlist: phone, extension: probe) }
        #expect(wrong?.code == .usage)
        #expect(wrong?.message == "\(phone) names PhoneIntents.IntentHandler as NSExtensionPrincipalClass, but the test host was given IntentsTests.ProbeExtension.")
    }
}
