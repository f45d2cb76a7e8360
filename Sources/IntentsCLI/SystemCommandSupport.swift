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
    ///
    /// Embedded, with the `utterance` to match: a voice shortcut matches only by its whole
    /// phrase, so the index holds the one voice shortcut saying it (a lookup in the store's
    /// phrase column) beside the apps' phrases, and gives the same match as the index of every
    /// shortcut without decoding them all. Only when nothing matches (the nearest phrases are
    /// then listed) is every shortcut read.
    static func phraseIndex(_ dispatcher: IntentDispatcher, for utterance: String? = nil) async throws -> (PhraseIndex, AppShortcutsSnapshot) {
        let store = try dispatcher.openSystemStore()
        defer { noteSkipped(in: store) }
        let result: (PhraseIndex, AppShortcutsSnapshot)
        if let server = HostSession.server {
            do {
                result = try await server.phraseIndex(for: utterance)
            } catch let error as SystemStoreError {
                throw hostError(error)
            }
        } else {
            let shortcuts = await dispatcher.appShortcuts()
            result = try storeCall {
                let vocabulary = try store.vocabulary()
                if let utterance, let saying = try store.voiceShortcuts(saying: utterance) {
                    let narrow = PhraseCatalog.index(apps: dispatcher.catalog.apps, voiceShortcuts: saying,
                                                     vocabulary: vocabulary, appShortcuts: shortcuts)
                    if case .noMatch = narrow.match(utterance) {} else { return (narrow, shortcuts) }
                }
                return (PhraseCatalog.index(apps: dispatcher.catalog.apps, voiceShortcuts: try store.voiceShortcuts(), vocabulary: vocabulary,
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

    /// Runs the write `body` on the store's writing thread (`SystemStore.writing(_:)`): in a
    /// server, waiting for another process's lock on the store holds no thread of the pool.
    /// Errors as `reporting(_:_:)`.
    static func writing<Result: Sendable>(_ store: SystemStore, json: Bool, _ body: @escaping @Sendable (SystemStore) throws -> Result) async throws -> Result {
        do {
            return try await store.writing(body)
        } catch let error as SystemStoreError {
            throw failure(hostError(error), json: json)
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
