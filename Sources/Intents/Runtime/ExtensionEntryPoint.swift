import Foundation
import ExtensionProtocol

/// The C entry point the runner `intents-extension` calls after loading the extension's library.
///
/// It instantiates the principal class, announces `ready` on the socket `fileDescriptor`, and
/// serves requests until the host closes the socket. Returns 0 on a clean close, 1 otherwise.
@_cdecl("INExtensionServe")
public func INExtensionServe(_ fileDescriptor: Int32, _ principalClassName: UnsafePointer<CChar>) -> Int32 {
    IntentsAppContext.isExtension = true
    return ExtensionServer(channel: FrameChannel(fileDescriptor: fileDescriptor)).run(principalClassName: String(cString: principalClassName))
}

/// The socket loop around `IntentRequestHandler`: reads frames, answers each request in
/// its own task, writes replies one at a time.
final class ExtensionServer: @unchecked Sendable {
    private let channel: FrameChannel
    private let writeLock = NSLock()

    init(channel: FrameChannel) {
        self.channel = channel
    }

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
        while true {
            let message: HostToExtensionMessage?
            do {
                message = try channel.receive(HostToExtensionMessage.self)
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

/// The version of this SDK, reported to the host in `ready`.
public let intentsSDKVersion = "0.1.0"
