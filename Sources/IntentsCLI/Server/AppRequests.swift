import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI

/// App processes' system calls, answered for the app the connection's peer is.
enum AppRequests {
    static func answer(_ request: AppRequest, from peer: PeerIdentity, on host: ServedHost) async -> AppReply {
        AppReply(failure: "unsupported", "The intents server does not serve \(request.operation.quotedForDisplay) yet.")
    }
}
