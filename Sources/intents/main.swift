#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LocalAPI

// The `intents` command. When `intents serve` runs for the state folder, the commands that
// touch the live state go to it over its socket, so that this process links no Foundation and
// starts in a few milliseconds; otherwise it becomes the embedded host (`intents-host`).
let arguments = Array(CommandLine.arguments.dropFirst())
if let status = ServerClient.runIfServed(arguments) {
    exit(status)
}
EmbeddedHost.replaceThisProcess(arguments: arguments)
