import ArgumentParser
import CommandReports
import Foundation
import HostBundles
import HostTools
import IntentsHost
import IntentsServer
import SystemCalls
import SystemStore

/// What the system-side commands share: the store, the phrase index, error reporting.
enum SystemCommandSupport {
    /// The phrase index for what is installed and what the user set.
    static func phraseIndex(_ dispatcher: IntentDispatcher) async throws -> (PhraseIndex, AppShortcutsSnapshot) {
        let store = try dispatcher.openSystemStore()
        defer { noteSkipped(in: store) }
        let result: (PhraseIndex, AppShortcutsSnapshot)
        if let server = HostSession.server {
            do {
                result = try await server.phraseIndex()
            } catch let error as SystemStoreError {
                throw hostError(error)
            }
        } else {
            let shortcuts = await dispatcher.appShortcuts()
            result = try storeCall {
                (PhraseCatalog.index(apps: dispatcher.catalog.apps, voiceShortcuts: try store.voiceShortcuts(), vocabulary: try store.vocabulary(),
                                     appShortcuts: shortcuts), shortcuts)
            }
        }
        for problem in result.1.problems { printError("note: \(problem)") }
        return result
    }

    /// Runs a store call, turning its errors into host errors.
    static func storeCall<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemStoreError {
            throw hostError(error)
        }
    }

    /// A store error as the host error the CLI reports.
    static func hostError(_ error: SystemStoreError) -> HostError {
        HostError(error.code == .unavailable || error.code == .corrupt ? .badState : .usage, error.message)
    }

    /// Runs `body`; a host error is printed (as JSON with `json`) and exits with its status.
    static func reporting<Result>(_ json: Bool, _ body: () throws -> Result) throws -> Result {
        do {
            return try storeCall(body)
        } catch let error as HostError {
            throw failure(error, json: json)
        }
    }

    /// Says on stderr, once each, which records the store's listings skipped because they do
    /// not decode (the others are shown as usual).
    static func noteSkipped(in store: SystemStore) {
        UserReports.skippedWarnings(in: store).forEach(printError)
    }

    /// Prints `error` and gives the exit code to throw.
    static func failure(_ error: HostError, json: Bool) -> ExitCode {
        if json {
            writeOutput(FailureReport.json(code: error.code.rawValue, message: error.message).text + "\n")
        } else {
            printError("error: \(error.message)")
        }
        return ExitCode(ExitStatus.code(for: error))
    }
}
