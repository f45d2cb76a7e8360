import Foundation
import Intents

/// A test fixture: its handler completes `MainThreadIntent` through the route the intent names,
/// and reports whether the completion ran on the main thread, where iOS runs it.
///
/// Routes: "mainActorMethod" (a `@MainActor` method), "mainActorRun" (`MainActor.run`),
/// "dispatchMain" (`DispatchQueue.main.async`), "runLoopTimer" (a `Timer` on `RunLoop.main`),
/// "background" (a global queue: not the main thread, to show that the check can fail), and
/// "meet" (waits on the main actor until a second "meet" request arrives).
class IntentHandler: INExtension {
    /// The thread the runner instantiates the principal class on: its main thread.
    static var principalThread: pthread_t?

    required init() {
        super.init()
        Self.principalThread = pthread_self()
    }

    override func handler(for intent: INIntent) -> Any {
        MainThreadIntentHandler()
    }
}

class MainThreadIntentHandler: NSObject, MainThreadIntentHandling {
    func handle(intent: MainThreadIntent, completion: @escaping (MainThreadIntentResponse) -> Void) {
        switch intent.route ?? "" {
        case "mainActorMethod":
            Task { await self.complete(completion) }
        case "mainActorRun":
            Task { await MainActor.run { completion(.reportingThread()) } }
        case "dispatchMain":
            DispatchQueue.main.async { completion(.reportingThread()) }
        case "runLoopTimer":
            let timer = Timer(timeInterval: 0, repeats: false) { _ in completion(.reportingThread()) }
            RunLoop.main.add(timer, forMode: .common)
        case "background":
            DispatchQueue.global().async { completion(.reportingThread()) }
        case "meet":
            Task { await self.meet(completion) }
        default:
            completion(MainThreadIntentResponse(code: .failure, userActivity: nil))
        }
    }

    @MainActor private func complete(_ completion: @escaping (MainThreadIntentResponse) -> Void) {
        completion(.reportingThread())
    }

    @MainActor private func meet(_ completion: @escaping (MainThreadIntentResponse) -> Void) async {
        await Rendezvous.meet()
        completion(.reportingThread())
    }
}

/// Two requests meet on the main actor: the first waits there, suspended, until the second comes.
@MainActor enum Rendezvous {
    private static var waiting: CheckedContinuation<Void, Never>?

    static func meet() async {
        if let other = waiting {
            waiting = nil
            other.resume()
        } else {
            await withCheckedContinuation { waiting = $0 }
        }
    }
}

extension MainThreadIntentResponse {
    /// A success whose `thread` is "main" when this runs on the main thread (for Foundation, and
    /// the thread that instantiated the principal class), or says which thread it is.
    static func reportingThread() -> MainThreadIntentResponse {
        let response = MainThreadIntentResponse(code: .success, userActivity: nil)
        let isPrincipalThread = IntentHandler.principalThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        response.thread = Thread.isMainThread && isPrincipalThread
            ? "main" : "another thread (isMainThread \(Thread.isMainThread), principal's thread \(isPrincipalThread))"
        return response
    }
}
