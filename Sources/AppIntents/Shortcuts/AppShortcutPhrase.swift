/// A phrase that runs an App Shortcut. It must name the app, `\(.applicationName)`, and may name
/// one parameter of the intent, `\(\.$session)`, whose values come from its entity query's
/// `suggestedEntities()`:
///
///     "Start a \(\.$session) session with \(.applicationName)"
public struct AppShortcutPhrase<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    enum Segment: @unchecked Sendable {
        case text(String)
        case applicationName
        /// The parameter a key path reaches, read on the shortcut's intent.
        case parameter((Intent) -> AnyObject)
    }

    let segments: [Segment]

    public init(_ value: String) {
        self.segments = [.text(value)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.segments = stringInterpolation.segments
    }

    /// Builds a phrase from its text, the app's name and a parameter.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(literal))
        }

        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {
            segments.append(.applicationName)
        }

        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, IntentParameter<Value>>) {
            segments.append(.parameter { $0[keyPath: parameter] })
        }
    }
}

/// What a phrase can name besides a parameter.
public enum AppShortcutPhraseToken: Hashable, Sendable {
    /// The app's name or one of its alternative names.
    case applicationName
}
