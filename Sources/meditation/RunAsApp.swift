import ArgumentParser
import Foundation
import MeditationKit
import SharedKit

extension MeditationApp {
    /// Exit statuses: 0 done, 1 the app group's store failed, 2 a mistake in the arguments
    /// (a bad, empty or taken name...), each said in one sentence on standard error.
    static func runAsApp(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let error as MeditationError {
            fail(error.message, status: 2)
        } catch let error as SharedStoreError {
            fail(error.message, status: 1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            // ArgumentParser's usage errors exit with 2 here, as the host's do, not with 64.
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("meditation: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
