import Deadlines
import ExtensionProtocol
import Foundation
import IntentsClient
import LocalAPI
import Synchronization
import SystemCalls

extension IntentsAppContext {
    /// Performs an app's system call through `intents serve` for the state folder, which names
    /// the app from the connection and is the one writer of the system store. With no server
    /// running, one is started for the state folder (detached, ending when idle), as
    /// `IntentsClient` starts one; an app the host started confined (`INTENTS_SANDBOXED`) never
    /// starts one. In a unit test, `inProcessSystem` performs the call instead.
    /// - Throws: `INIntentError(code)` with the server's sentence, or why no server answers.
    static func perform(_ call: SystemCall, failing code: INIntentError.Code, app: AppBundle? = nil,
                        decide: () -> SiriAuthorization = { .notDetermined }) throws -> SystemCallResult {
        let app = try app ?? self.app()
        let folder = stateFolder
        if let system = inProcessSystem {
            do {
                return try system(call, app, folder, decide)
            } catch let error as INIntentError {
                throw error
            } catch {
                throw INIntentError(code, String(describing: error))
            }
        }
        return try ServerSystemCall.send(call, stateFolder: folder, failing: code, startingServer: !isSandboxed, app: app)
    }
}

/// A system call sent to the server of the state folder, as an `app` request.
enum ServerSystemCall {
    /// How long the answer to a call may take: the server answers a Siri request that waits for
    /// the user within `RemoteUser`'s 300 s (then `notDetermined`); other calls are quick.
    static func replyTimeout(for call: SystemCall) -> Duration {
        if case .requestAuthorization = call { return .seconds(330) }
        return .seconds(60)
    }

    /// The server's answer.
    /// - Parameters:
    ///   - startingServer: whether to start a server when none listens.
    ///   - clock: what the exchange's deadline (`replyTimeout`) is kept in; a test's manual one.
    /// - Throws: `INIntentError(code)`.
    static func send(_ call: SystemCall, stateFolder: String, failing code: INIntentError.Code,
                     startingServer: Bool, app: IntentsAppContext.AppBundle, clock: DeadlineClock = .realTime) throws -> SystemCallResult {
        var configuration = IntentsClient.Configuration(stateFolder: stateFolder)
        configuration.startsServer = startingServer
        let socket: Int32
        do {
            socket = try IntentsClient.connectedSocket(configuration)
        } catch let error as IntentsClientError where !startingServer {
            throw INIntentError(code, "No intents server answers at \(configuration.stateFolder)/\(LocalAPISocket.fileName), and \(app.displayName) runs confined, as the host started it: it reaches the system (\(call.name)) only through the server, never by opening the system store itself (\(error.message))")
        } catch let error as IntentsClientError {
            throw INIntentError(code, "\(app.displayName) could not reach the system for \(call.name): \(error.message)")
        }
        // One deadline for the whole exchange (a server that stops answering, never reads, or
        // answers a byte at a time): past it the socket is shut down, which ends a blocked
        // send or read; the deadline ends before the socket is closed, never after.
        let deadline = ExchangeDeadline(socket: socket, after: replyTimeout(for: call), on: clock)
        defer {
            deadline.end()
            close(socket)
        }
        let channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        do {
            try channel.send(ClientMessage.app(AppRequest(operation: call.name, call: call.wireBytes)))
            guard case .appReply(let reply)? = try channel.receive(ServerMessage.self) else {
                throw INIntentError(code, "The intents server for \(stateFolder) ended the connection without answering \(call.name).")
            }
            if let failure = reply.failure { throw INIntentError(code, failure.message) }
            return try SystemCallResult(wireBytes: reply.result)
        } catch let error as INIntentError {
            throw error
        } catch {
            throw INIntentError(code, "The intents server for \(stateFolder) could not be asked \(call.name) (its answer is awaited at most \(replyTimeout(for: call))): \(error).")
        }
    }
}

/// Shuts a socket down once `after` has passed, unless `end` came first. `end` and the shutdown
/// take one lock: once `end` returns, the socket's number is never touched, and may be closed.
private final class ExchangeDeadline: Sendable {
    private let ended = Mutex(false)
    private let deadline = Mutex<Deadline?>(nil)

    init(socket: Int32, after timeout: Duration, on clock: DeadlineClock) {
        // Weak: an exchange that ended and was released has nothing left to shut down.
        let scheduled = clock.schedule(after: timeout, label: "system call") { [weak self] in
            self?.ended.withLock { ended in
                if !ended { _ = shutdown(socket, Int32(SHUT_RDWR)) }
                ended = true
            }
        }
        deadline.withLock { $0 = scheduled }
    }

    func end() {
        ended.withLock { $0 = true }
        deadline.withLock { $0 }?.cancel()
    }
}
