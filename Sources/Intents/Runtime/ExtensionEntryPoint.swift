import Foundation
import ExtensionProtocol

/// The C entry point the runner `intents-extension` calls, on its main thread, after loading
/// the extension's library.
///
/// It instantiates the principal class, announces `ready` on the socket `fileDescriptor`, and
/// serves requests on a thread of its own until the host closes the socket, while the main
/// thread runs the main run loop, as an extension's main thread does on Apple's systems: work
/// sent to the main actor, `DispatchQueue.main` or `RunLoop.main` runs there. Returns 0 on a
/// clean close, 1 otherwise.
@_cdecl("INExtensionServe")
public func INExtensionServe(_ fileDescriptor: Int32, _ principalClassName: UnsafePointer<CChar>) -> Int32 {
    IntentsAppContext.isExtension = true
    return ExtensionServer(channel: FrameChannel(fileDescriptor: fileDescriptor)).run(principalClassName: String(cString: principalClassName))
}

/// The version of this SDK, reported to the host in `ready`.
public let intentsSDKVersion = "0.1.0"
