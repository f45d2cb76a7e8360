import ExtensionProtocol
import Foundation
import LocalAPI
import SystemStore

extension IntentsAppContext {
    /// Performs an app's system call: through `intents serve` when one runs for the state
    /// folder (it names the app from the connection), else on the system store in this process,
    /// unless the process is an app the host started confined (`INTENTS_SANDBOXED`): its sandbox
    /// holds no system store, and the server is its only way to the system.
    /// - Throws: `INIntentError(code)` with the server's or the store's sentence, or saying that
    ///   no server answers a confined app.
    static func perform(_ call: SystemCall, failing code: INIntentError.Code, app: AppBundle? = nil,
                        decide: () -> SiriAuthorization = { .notDetermined }) throws -> SystemCallResult {
        let app = try app ?? self.app()
        if let served = try ServerSystemCall.send(call, stateFolder: stateFolder, failing: code) { return served }
        if isSandboxed {
            throw INIntentError(code, "No intents server answers at \(stateFolder)/\(LocalAPISocket.fileName), and \(app.displayName) runs confined, as the host started it: it reaches the system (\(call.name)) only through the server, never by opening the system store itself. Run `intents serve` for this state folder.")
        }
        return try withSystemStore(failing: code, app: app) { store, app in
            try store.perform(call, app: app.bundleIdentifier, decide: decide)
        }
    }
}

/// A system call sent to the server of the state folder, as an `app` request.
enum ServerSystemCall {
    /// The server's answer, or nil when no server listens there.
    static func send(_ call: SystemCall, stateFolder: String, failing code: INIntentError.Code) throws -> SystemCallResult? {
        guard let socket = LocalAPISocket.connect(stateFolder: stateFolder) else { return nil }
        defer { close(socket) }
        let channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        do {
            let body = String(decoding: try JSONEncoder().encode(call), as: UTF8.self)
            try channel.send(ClientMessage.app(AppRequest(operation: call.name, body: body)))
            guard case .appReply(let reply)? = try channel.receive(ServerMessage.self) else {
                throw INIntentError(code, "The intents server for \(stateFolder) ended the connection without answering \(call.name).")
            }
            if let failure = reply.failure { throw INIntentError(code, failure.message) }
            return try JSONDecoder().decode(SystemCallResult.self, from: Data(reply.body.utf8))
        } catch let error as INIntentError {
            throw error
        } catch {
            throw INIntentError(code, "The intents server for \(stateFolder) could not be asked \(call.name): \(error).")
        }
    }
}
