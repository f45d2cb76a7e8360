#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import IntentsClient
import LocalAPI

// The `intents` command. When `intents serve` runs for the state folder, the commands that
// touch the live state go to it over its socket, so that this process links no Foundation and
// starts in a few milliseconds: as typed host-API requests, or, for a command line it does not
// read whole (`--record`, `--help`...), as that command line; otherwise it becomes the embedded
// host (`intents-host`).
let arguments = Array(CommandLine.arguments.dropFirst())
if let bridgeArguments = EmbeddedHost.agentBridgeArguments(arguments) {
    EmbeddedHost.replaceThisProcess(with: EmbeddedHost.agentBridgeName, arguments: bridgeArguments)
}
if let command = HostAPICommand(arguments), let status = waitFor({ await command.runIfServed() }) {
    exit(status)
}
if let status = ServerClient.runIfServed(arguments) {
    exit(status)
}
EmbeddedHost.replaceThisProcess(arguments: arguments)

/// Runs `body` in a task on the main thread, which it blocks until the task ends. Not an `async`
/// main: that ends the main thread with `pthread_exit`, whose unwinding first sorts every unwind
/// entry of this static executable (about 7 ms, more than the rest of a served command).
func waitFor(_ body: @escaping @Sendable () async -> Int32?) -> Int32? {
    CallingThreadExecutor().run(body)
}
