import ArgumentParser
import CommandReports
import IntentsHost
import IntentsServer

struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Show what the host does with each intent in every lock state, authorization and invocation source.",
        discussion: """
        Rows are the installed intents, then each app's user activity types (NSUserActivityTypes);
        columns are the lock state (unlocked, locked, locked before the first unlock) x the app's
        Siri authorization (authorized or not) x how it is invoked (directly, by a voice shortcut,
        by an App Shortcut, or by an activity continuation, which starts the app to continue a
        user activity). Each cell is allowed, refused by a rule, or not applicable (an App
        Shortcut runs App Intents only; an activity continuation runs no intent). The verdicts
        come from the very code that judges each request, and no extension runs to compute
        them: App Intents are judged from the metadata cached when they were first learned
        (until then, they are refused while locked, as requests are).

        NAME selects rows: an app (its name or bundle identifier), an extension's bundle
        identifier, an intent or an activity type. --json names each cell's rule:
          restricted-while-locked                       IntentsRestrictedWhileLocked
          always-restricted                             restricted by Apple whatever the plist says
          restricted-while-protected-data-unavailable   IntentsRestrictedWhileProtectedDataUnavailable
          not-authorized                                the app may not use Siri (SiriKit domain intents)
          authentication-policy                         the App Intent's authenticationPolicy
          app-intents-unknown                           the App Intent's metadata is not known yet
          opens-app-while-locked                        continuing an activity opens its app: unlock first
          entity-query-while-locked                     App Shortcut values are asked only while unlocked

        Examples:
          intents policy
          intents policy MonkeyChat INSendPaymentIntent
          intents policy --json | jq '.rows[] | select(.intent == "INSendMessageIntent")'
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Apps, extensions or intents to show (default: all).") var names: [String] = []
    @Flag(help: "Print one JSON object: `columns`, `rules` and `rows` (each an `intent` or an `activityType`) with every cell's verdict, rule and reason.") var json = false

    func run() async throws {
        let dispatcher = HostSession.dispatcher(for: try global.hostConfiguration())
        let matrix = try SystemCommandSupport.reporting(json) { try dispatcher.policyMatrix().selecting(names) }
        let table = HostAPIReplies.policyTable(matrix, lock: dispatcher.lockReading())
        PolicyReport.warnings(table).forEach(printError)
        if json {
            writeOutput(PolicyReport.json(table).text + "\n")
        } else {
            PolicyReport.lines(table).forEach(printLine)
        }
    }
}
