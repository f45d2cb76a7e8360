#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Framing
import LocalAPI

/// Runs a command through the server of its state folder, when one listens there.
enum ServerClient {
    /// The command's exit status when a server ran it; nil when none listens (or the command
    /// is not one it serves), so that the embedded host must run it.
    static func runIfServed(_ arguments: [String]) -> Int32? {
        let environment = LocalAPISocket.processEnvironment
        if environment["INTENTS_NO_SERVER"] == "1" { return nil }
        let parsed = ClientArguments(arguments)
        guard let command = parsed.subcommand, CommandRun.servedCommands.contains(command) else { return nil }
        let state = parsed.stateFolder ?? LocalAPISocket.stateFolder(environment: environment)
        guard let socket = LocalAPISocket.connect(stateFolder: state) else { return nil }
        defer { close(socket) }
        signal(SIGPIPE, SIG_IGN)
        var forwarded: [String: String] = [:]
        for name in CommandRun.forwardedEnvironment { forwarded[name] = environment[name] }
        // Relative folders are the client's: the server runs elsewhere.
        let cwd = ClientArguments.currentDirectory()
        if let apps = forwarded["INTENTS_APPS"] {
            forwarded["INTENTS_APPS"] = apps.split(separator: ":", omittingEmptySubsequences: false)
                .map { $0.isEmpty || $0.hasPrefix("/") ? String($0) : cwd + "/" + $0 }.joined(separator: ":")
        }
        let run = CommandRun(arguments: parsed.absolutized(workingDirectory: cwd), workingDirectory: cwd,
                             environment: forwarded, interactive: isatty(0) == 1)
        return relay(run, over: FrameChannel(fileDescriptor: socket, codec: localAPICodec), state: state)
    }

    /// Sends the command and plays what the server says: output, questions, the exit status.
    private static func relay(_ run: CommandRun, over channel: FrameChannel, state: String) -> Int32 {
        do {
            try channel.send(ClientMessage.run(run))
            while let message = try channel.receive(ServerMessage.self) {
                switch message {
                case .standardOutput(let text):
                    if !ClientOutput.write(text, to: 1) {
                        ClientOutput.writeError("error: the output could not be written: \(String(cString: strerror(errno))).\n")
                        return 1
                    }
                case .standardError(let text):
                    ClientOutput.writeError(text)
                case .readLine:
                    try channel.send(ClientMessage.line(StandardInput.readLine()))
                case .exit(let status):
                    return status
                case .appReply, .reply:
                    break
                }
            }
            ClientOutput.writeError("error: the intents server for \(state) ended the connection before the command finished.\n")
        } catch let error as ProtocolError where error.code == .versionMismatch {
            ClientOutput.writeError("error: the intents server for \(state) speaks another version of the local API (\(error.message)); restart it with this build's intents serve.\n")
        } catch {
            ClientOutput.writeError("error: the intents server for \(state) failed: \(error).\n")
        }
        return 1
    }

}
