import ArgumentParser
import CommandReports
import ExtensionProtocol
import Foundation
import Synchronization
import IntentsHost
import HostBundles

/// The documented exit codes of `intents` (`ExitCodes`, which the client shares), for the
/// host's own types.
enum ExitStatus {
    static let success = ExitCodes.success
    static let problems = ExitCodes.problems
    static let usage = ExitCodes.usage
    static let refused = ExitCodes.refused
    static let extensionAnsweredFailure = ExitCodes.extensionAnsweredFailure
    static let extensionFailed = ExitCodes.extensionFailed
    /// The user answered no to the system's confirmation: nothing was handled.
    static let declinedByUser = ExitCodes.declinedByUser

    /// The exit code for a host error.
    static func code(for error: HostError) -> Int32 {
        ExitCodes.code(forFailure: error.code.rawValue)
    }

    /// The exit code for a conversation's end: the user declined, the extension answered with
    /// a failure code, or success.
    static func code(for result: SendResult) -> Int32 {
        if result.outcome.declinedByUser { return declinedByUser }
        return result.isFailure ? extensionAnsweredFailure : success
    }
}

/// Writes a line of human-readable output, its control characters escaped (`\n`, `\u{1b}`):
/// names, messages and outputs from bundles, stores and extensions can neither forge lines nor
/// drive the terminal. JSON output is printed exact, by `JSONOutput`.
func printLine(_ text: String) {
    writeOutput(text.escapedForTerminal + "\n")
}

/// Writes text to the command's standard output as it is (JSON); a failure is remembered.
func writeOutput(_ text: String) {
    if !CommandIO.current.writeOutput(text) {
        _ = StandardStream.outputFailure.compareExchange(expected: 0, desired: errno == 0 ? EIO : errno, ordering: .relaxed)
    }
}

/// Writes a line to standard error, escaped as by `printLine`.
func printError(_ text: String) {
    CommandIO.current.writeError(text.escapedForTerminal + "\n")
}

/// Standard output or error, written with write(2), a line at a time. A failed write never
/// traps (FileHandle's would): on stderr it is ignored, on stdout it is remembered, so that the
/// command can fail instead of exiting 0 with its output lost.
struct StandardStream {
    let descriptor: Int32

    static var output: StandardStream { StandardStream(descriptor: 1) }
    static var error: StandardStream { StandardStream(descriptor: 2) }

    /// The errno of the first failed write to stdout, or 0.
    static let outputFailure = Atomic<Int32>(0)

    /// Writes every byte; false (errno set) when the stream failed.
    @discardableResult
    func write(_ string: String) -> Bool {
        var bytes = Array(string.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                if written == 0 { errno = EIO }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
