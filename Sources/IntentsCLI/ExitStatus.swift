import ArgumentParser
import ExtensionProtocol
import IntentsHost

/// The documented exit codes of `intents`.
enum ExitStatus {
    static let success: Int32 = 0
    static let problems: Int32 = 1
    static let usage: Int32 = 2
    static let refused: Int32 = 3
    static let extensionAnsweredFailure: Int32 = 4
    static let extensionFailed: Int32 = 5

    /// The exit code for a host error.
    static func code(for error: HostError) -> Int32 {
        switch error.code {
        case .usage, .noExtension, .inputRequired, .cancelled: return usage
        case .refusedByPolicy: return refused
        case .extensionFailed, .requestTimedOut, .busy: return extensionFailed
        case .badState: return problems
        }
    }
}

/// Writes a line of human-readable output, its control characters escaped (`\n`, `\u{1b}`):
/// names, messages and outputs from bundles, stores and extensions can neither forge lines nor
/// drive the terminal. JSON output is printed exact, by `JSONOutput`.
func printLine(_ text: String) {
    print(text.escapedForTerminal)
}

/// Writes a line to standard error, escaped as by `printLine`.
func printError(_ text: String) {
    var standardError = StandardError()
    print(text.escapedForTerminal, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

import Foundation
