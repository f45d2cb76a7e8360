import Foundation
import Intents

/// A test fixture that misbehaves on request: the message content chooses the fault.
/// "crash" calls fatalError ("crash:TEXT" with TEXT as its message), "segv" raises SIGSEGV, "hang" never completes, "exit" exits,
/// "garbage" writes bytes that are not a frame on the host's socket, "print" floods stdout
/// and then succeeds, "sleep:SECONDS" succeeds after that long; anything else succeeds.
class FaultyExtension: INExtension {
    override func handler(for intent: INIntent) -> Any {
        FaultyHandler()
    }
}

class FaultyHandler: NSObject, INSendMessageIntentHandling {
    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        switch intent.content ?? "" {
        case "crash":
            fatalError("FaultyIntents was asked to crash")
        case let text where text.hasPrefix("crash:"):
            fatalError(String(text.dropFirst(6)))
        case "segv":
            raise(SIGSEGV)
        case "hang":
            return
        case "exit":
            exit(3)
        case "garbage":
            // fd 3 is the runner's socket to the host.
            _ = "Hello, host!".withCString { write(3, $0, 12) }
        case let text where text.hasPrefix("sleep:"):
            let seconds = Double(text.dropFirst(6)) ?? 1
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
            }
        case "print":
            for line in 0..<2000 { print("a stray print must not corrupt a frame \(line)") }
            completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
        default:
            completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
        }
    }
}

/// A principal class that gives no handler, for the "noHandler" path.
class EmptyExtension: INExtension {}
