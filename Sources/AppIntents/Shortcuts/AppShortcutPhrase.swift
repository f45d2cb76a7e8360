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

    /// A phrase of plain text. It does not say the app's name, so the host warns and never matches
    /// it: write a literal with `\(.applicationName)` instead.
    public init(_ value: String) {
        self.segments = [.text(value)]
    }

    /// A phrase written as a literal with no interpolation; like `init(_:)`, it names no app.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A phrase written as an interpolated literal, which Swift builds with `StringInterpolation`.
    public init(stringInterpolation: StringInterpolation) {
        self.segments = stringInterpolation.segments
    }

    /// Builds a phrase from its text, the app's name and a parameter.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        /// Called by Swift for each interpolated phrase literal; the capacities are unused.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Adds the literal text between interpolations, as written.
        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(literal))
        }

        /// Adds the app's name: `\(.applicationName)`, stored as `${applicationName}`.
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {
            segments.append(.applicationName)
        }

        /// Adds a parameter of the intent, `\(\.$session)`, stored as `${session}`; the user may say
        /// any of the values its entity query suggests.
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
