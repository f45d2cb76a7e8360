import ExtensionProtocol
import Metrics

/// What the host counts and times, through swift-metrics: nothing is recorded unless the
/// process bootstrapped a metrics system (`intents serve --metrics` does, for Prometheus).
public enum HostMetrics {
    /// A conversation ended: `success`, `failure`, `declined`, `refused` or `error`.
    public static func conversationEnded(_ outcome: String) {
        Counter(label: "intents_conversations_total", dimensions: [("outcome", outcome)]).increment()
    }

    /// A request was refused before any extension ran: `lock` or `authorization`.
    public static func refused(_ reason: String) {
        Counter(label: "intents_refusals_total", dimensions: [("reason", reason)]).increment()
    }

    /// One step's round trip to an extension: `describe`, `resolve`, `confirm`, `handle`, `options`.
    public static func stepTook(_ step: String, _ duration: Duration) {
        Metrics.Timer(label: "intents_step_duration_seconds", dimensions: [("step", step)], preferredDisplayUnit: .seconds)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// An extension process was started (from a spare or a new spawn).
    public static func extensionStarted() {
        Counter(label: "intents_extension_starts_total").increment()
    }

    /// An extension process died on its own, by `signal` (0 when it exited).
    public static func extensionDied(signal: Int32) {
        Counter(label: "intents_extension_crashes_total", dimensions: [("signal", signal == 0 ? "exit" : signalName(signal))]).increment()
    }

    /// How many extension processes are live, and whether a spare runner waits.
    public static func processes(live: Int, spare: Bool) {
        Gauge(label: "intents_extension_processes").record(live)
        Gauge(label: "intents_spare_runners").record(spare ? 1 : 0)
    }

    /// The catalog was swapped after a change in the apps folders.
    public static func catalogReloaded() {
        Counter(label: "intents_catalog_reloads_total").increment()
    }
}

extension HostToExtensionMessage {
    /// The step's kind, for metrics: few values, never a parameter's name.
    var stepKind: String {
        switch self {
        case .describe: "describe"
        case .resolve: "resolve"
        case .confirm: "confirm"
        case .handle: "handle"
        case .endConversation: "end"
        case .assign: "start"
        case .provideOptions: "options"
        case .describeAppIntents: "describe"
        case .queryEntities: "query"
        case .perform, .answer: "perform"
        }
    }
}
