import Foundation
import Intents

/// A custom intent for tests: each resolve method answers what the test scripted.
class ProbeIntent: INIntent {
    @IntentParameter(title: "item") var item: INObject?
    @IntentParameter(title: "count") var count: NSNumber?
    @IntentParameter(title: "friend") var friends: [INPerson]?

    override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<ProbeIntent, ProbeHandler>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
            .resolving("item") { [$0.resolveItem($1)] }
            .resolving("count") { [$0.resolveCount($1)] }
            .resolving("friends") { $0.resolveFriends($1) }
    }
}

enum ProbeResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
    case failureOutOfStock = 100
    case successWithReceipt = 101
}

final class ProbeResponse: INIntentResponse {
    @IntentParameter(title: "receipt") var receipt: String?

    required init() { super.init() }

    init(code: ProbeResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
    }
}

enum ProbeItemUnsupportedReason: Int, INUnsupportedReason {
    case soldOut = 1
    case unknownToUs = 2

    var reasonDescription: String? { self == .soldOut ? "That item is sold out." : nil }
}

final class ProbeItemResolutionResult: INObjectResolutionResult {
    class func unsupported(forReason reason: ProbeItemUnsupportedReason) -> Self { unsupported(withReason: reason) }
}

/// Scripts for one test: what each resolve answers, given the intent as it stands.
final class ProbeScript: @unchecked Sendable {
    var item: (ProbeIntent) -> INObjectResolutionResult = { _ in .notImplemented() }
    var count: (ProbeIntent) -> INIntegerResolutionResult = { _ in .notImplemented() }
    var friends: (ProbeIntent) -> [INPersonResolutionResult] = { _ in [.notImplemented()] }
    var confirm: (ProbeIntent) -> ProbeResponse = { _ in ProbeResponse(code: .ready, userActivity: nil) }
    var handle: (ProbeIntent) -> ProbeResponse = { _ in ProbeResponse(code: .success, userActivity: nil) }
    private let lock = NSLock()
    private var _calls: [String] = []

    var calls: [String] { lock.withLock { _calls } }
    func record(_ call: String) { lock.withLock { _calls.append(call) } }
}

final class ProbeHandler: NSObject {
    let script: ProbeScript
    init(script: ProbeScript) { self.script = script }

    func resolveItem(_ intent: ProbeIntent) -> INObjectResolutionResult { script.record("item"); return script.item(intent) }
    func resolveCount(_ intent: ProbeIntent) -> INIntegerResolutionResult { script.record("count"); return script.count(intent) }
    func resolveFriends(_ intent: ProbeIntent) -> [INPersonResolutionResult] { script.record("friends"); return script.friends(intent) }
    func confirm(intent: ProbeIntent) async -> INIntentResponse { script.record("confirm"); return script.confirm(intent) }
    func handle(intent: ProbeIntent) async -> INIntentResponse { script.record("handle"); return script.handle(intent) }
}

final class ProbeExtension: INExtension {
    var script = ProbeScript()
    private(set) var handlerRequests = 0
    /// The handler given last, while something holds it.
    private(set) weak var lastHandler: ProbeHandler?

    override func handler(for intent: INIntent) -> Any? {
        handlerRequests += 1
        let handler = ProbeHandler(script: script)
        lastHandler = handler
        return handler
    }
}

func object(_ identifier: String) -> INObject { INObject(identifier: identifier, display: identifier.capitalized) }

func person(_ name: String, _ handle: String? = nil) -> INPerson {
    INPerson(personHandle: INPersonHandle(value: handle, type: .unknown), nameComponents: nil, displayName: name,
             image: nil, contactIdentifier: handle, customIdentifier: nil)
}
