import ArgumentParser
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
            JSONOutput.print(["status": "error", "error": ["code": error.code.rawValue, "message": error.message]])
        } else {
            printError("error: \(error.message)")
        }
        return ExitCode(ExitStatus.code(for: error))
    }

    /// Skipped records, for `--json`'s `invalid`.
    static func plain(_ records: [InvalidRecord]) -> [[String: Any]] {
        records.map { ["kind": $0.kind, "identifier": $0.identifier, "app": $0.app, "problem": $0.problem] }
    }

    static func plain(_ action: ShortcutAction) -> [String: Any] {
        switch action {
        case .intent(let payload, _):
            return ["kind": "intent", "intent": payload.name, "parameters": JSONOutput.plain(payload.parameters)]
        case .userActivity(let activity):
            var object: [String: Any] = ["kind": "userActivity", "activityType": activity.activityType,
                                         "userInfo": JSONOutput.plain(activity.userInfo)]
            if let title = activity.title { object["title"] = title }
            return object
        }
    }

    /// A date as ISO 8601 in local time.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = CommandIO.current.timeZone
        return formatter.string(from: date)
    }
}
