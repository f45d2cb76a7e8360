/// What a result shows beside its dialog. Linux addition: it stands for Apple's SwiftUI snippet
/// views, as plain text or a small HTML document.
public enum IntentSnippet: Hashable, Sendable, SnippetView {
    /// Plain text, shown as it is.
    case text(String)
    /// A small HTML document, passed to the host as it is: `intents` prints its source and
    /// renders nothing.
    case html(String)

    /// The snippet itself, so that an `IntentSnippet` can be given wherever a view is taken.
    public var snippet: IntentSnippet { self }
}

/// A view a result shows: Linux addition, what takes the place of a SwiftUI `View`.
///
///     struct MeditationSnippetView: SnippetView {
///         var snippet: IntentSnippet { .text("10 minutes, guided") }
///     }
public protocol SnippetView {
    /// What the view shows, as text or HTML; read once, when the result is returned.
    var snippet: IntentSnippet { get }
}
