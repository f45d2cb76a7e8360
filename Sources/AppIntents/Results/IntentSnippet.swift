/// What a result shows beside its dialog. Linux addition: it stands for Apple's SwiftUI snippet
/// views, as plain text or a small HTML document.
public enum IntentSnippet: Hashable, Sendable, SnippetView {
    case text(String)
    case html(String)

    public var snippet: IntentSnippet { self }
}

/// A view a result shows: Linux addition, what takes the place of a SwiftUI `View`.
///
///     struct MeditationSnippetView: SnippetView {
///         var snippet: IntentSnippet { .text("10 minutes, guided") }
///     }
public protocol SnippetView {
    var snippet: IntentSnippet { get }
}
