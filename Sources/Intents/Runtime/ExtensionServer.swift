import Foundation
import ExtensionProtocol

/// The socket loop around `IntentRequestHandler`: reads frames, answers each request in
/// its own task, writes replies one at a time.
final class ExtensionServer: @unchecked Sendable {
    private let channel: FrameChannel
    private let writeLock = NSLock()

    init(channel: FrameChannel) {
        self.channel = channel
    }

    /// Instantiates the principal class (on the calling thread, the main thread in a runner),
    /// then serves until the host closes the socket: on another thread while the main thread
    /// runs the main run loop, or on the calling thread when that is not the main thread.
    /// Returns 0 on a clean close, 1 otherwise.
    func run(principalClassName: String) -> Int32 {
        let requests: IntentRequestHandler
        do {
            requests = try IntentRequestHandler.instantiate(principalClassName: principalClassName)
        } catch {
            let failure = error as? ExtensionFailure ?? ExtensionFailure(.badRequest, "\(error)")
            reply(.failed(requestID: 0, failure: failure))
            return 1
        }
        reply(.ready(principalClass: principalClassName, sdkVersion: intentsSDKVersion))
        guard Thread.isMainThread else { return serve(requests) }
        return MainRunLoop.run(while: { self.serve(requests) })
    }

    /// Reads requests until the socket closes; 0 on a clean close, 1 on a broken frame. Each
    /// answer is a task of its own on the concurrency pool, not on this thread: a handler that
    /// blocks (a synchronous system call, a long computation) must not hold back the requests
    /// of the process's other conversations.
    private func serve(_ requests: IntentRequestHandler) -> Int32 {
        let reader = FrameReader(fileDescriptor: channel.fileDescriptor, codec: channel.codec)
        while true {
            let message: HostToExtensionMessage?
            do {
                message = try reader.receive(HostToExtensionMessage.self)
            } catch {
                FileHandle.standardError.write(Data("intents SDK: \(error)\n".utf8))
                return 1
            }
            guard let message else { return 0 }
            Task.detached {
                if let answer = await requests.answer(message) { self.reply(answer) }
            }
        }
    }

    private func reply(_ message: ExtensionToHostMessage) {
        writeLock.lock()
        defer { writeLock.unlock() }
        do {
            try channel.send(message)
        } catch {
            FileHandle.standardError.write(Data("intents SDK: cannot answer the host: \(error)\n".utf8))
        }
    }
}
