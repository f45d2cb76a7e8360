#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ExtensionProtocol

/// The host embedded in the command: `intents-host`, beside this executable, run in this process.
enum EmbeddedHost {
    static let executableName = "intents-host"

    /// The MCP bridge (`intents mcp`), beside this executable.
    static let agentBridgeName = "intents-mcp"

    /// Replaces this process with `intents-host` and `arguments`; never returns.
    static func replaceThisProcess(arguments: [String]) -> Never {
        replaceThisProcess(with: executableName, arguments: arguments)
    }

    /// Replaces this process with `executable` (beside this one) and `arguments`; never returns.
    static func replaceThisProcess(with executable: String, arguments: [String]) -> Never {
        let name = executable == executableName ? "the embedded host" : "the MCP bridge"
        // Never a relative path: that would run whatever the working folder holds under the name.
        guard let folder = ThisExecutable.folder() else {
            if ThisExecutable.isInFolderNotUTF8 {
                ClientOutput.writeError(ThisExecutable.folderNotUTF8Error(program: "intents"))
            } else {
                ClientOutput.writeError("error: \(name) cannot be found: /proc/self/exe, which names this program's folder, cannot be read.\n")
            }
            exit(1)
        }
        let path = folder + "/" + executable
        let argv = ([executable == executableName ? "intents" : executable] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        ClientOutput.writeError("error: \(name) \(path) cannot be started: \(reason).\n")
        exit(1)
    }

    /// For `intents [--state S] [--apps A] mcp ARGS...`, the bridge's arguments (the global
    /// options and ARGS); nil for any other command.
    static func agentBridgeArguments(_ arguments: [String]) -> [String]? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--state" || argument == "--apps" {
                index += 2
            } else if argument.hasPrefix("--state=") || argument.hasPrefix("--apps=") {
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.count, arguments[index] == "mcp" else { return nil }
        return Array(arguments[..<index]) + Array(arguments[(index + 1)...])
    }
}

/// Writes to the standard streams with write(2).
enum ClientOutput {
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        bytes.removeAll()
        return true
    }

    static func writeError(_ text: String) {
        _ = write(text, to: 2)
    }
}

/// Reads standard input with read(2), a byte at a time: nothing past the line is taken from a
/// stream the server or the next program may read.
enum StandardInput {
    /// One line without its newline (`\n` or `\r\n`, as Swift's `readLine()` strips them); nil
    /// at the end of input.
    static func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let got = read(0, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") {
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.append(byte)
        }
    }
}
