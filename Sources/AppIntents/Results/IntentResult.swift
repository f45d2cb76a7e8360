/// What `perform()` returns. Don't conform your own types: return one of the `.result(...)`
/// values, and say what it carries in `perform()`'s type:
///
///     func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
///         .result(value: 3, dialog: "Three sessions today.")
///     }
public protocol IntentResult: Sendable {
    /// The type of the value the intent returns; `Never` for a result that returns none.
    associatedtype Value: _IntentValue = Never
    /// The value the intent returns, if any.
    var value: Value? { get }
}

/// A result that returns a value.
public protocol ReturnsValue<Value>: IntentResult {
    /// The returned value's type, named in `perform()`'s result as `ReturnsValue<Int>`.
    associatedtype Value
}

/// A result that says something to the user.
public protocol ProvidesDialog: IntentResult {}

/// A result that shows a snippet (on Linux, text or HTML in place of a SwiftUI view).
public protocol ShowsSnippetView: IntentResult {}

/// A result that opens the app with another intent.
public protocol OpensIntent: IntentResult {}

/// The one result type: whatever `.result(...)` carries.
///
/// Linux note: it conforms to every result protocol, so a result type that promises less than
/// it carries (a dialog from `some IntentResult`) still compiles; what it carries still crosses.
public struct IntentResultContainer<Value: _IntentValue>: ReturnsValue, ProvidesDialog, ShowsSnippetView, OpensIntent,
                                                          @unchecked Sendable {
    public let value: Value?
    /// What the system says when the intent finishes; its full text crosses to the host, which
    /// prints it.
    public let dialog: IntentDialog?
    /// What the system shows beside the dialog; it crosses to the host as text or HTML.
    public let snippet: IntentSnippet?
    /// The intent that opens the app with the result, if any.
    public let opensIntent: (any AppIntent)?

    init(value: Value?, dialog: IntentDialog?, snippet: IntentSnippet?, opensIntent: (any AppIntent)? = nil) {
        self.value = value
        self.dialog = dialog
        self.snippet = snippet
        self.opensIntent = opensIntent
    }
}

extension IntentResult where Self == IntentResultContainer<Never> {
    /// The intent is done and says nothing.
    public static func result() -> Self {
        .init(value: nil, dialog: nil, snippet: nil)
    }

    /// The intent is done and says `dialog`.
    public static func result(dialog: IntentDialog) -> Self {
        .init(value: nil, dialog: dialog, snippet: nil)
    }

    /// The intent is done, says `dialog` and shows `snippet`.
    public static func result(dialog: IntentDialog, snippet: IntentSnippet) -> Self {
        .init(value: nil, dialog: dialog, snippet: snippet)
    }

    /// The intent is done, says `dialog` and shows `view`.
    public static func result(dialog: IntentDialog, view: some SnippetView) -> Self {
        .init(value: nil, dialog: dialog, snippet: view.snippet)
    }

    /// The intent is done and shows `view`.
    public static func result(view: some SnippetView) -> Self {
        .init(value: nil, dialog: nil, snippet: view.snippet)
    }

    /// The intent is done and opens the app with `opensIntent`.
    public static func result(opensIntent: some AppIntent, dialog: IntentDialog? = nil) -> Self {
        .init(value: nil, dialog: dialog, snippet: nil, opensIntent: opensIntent)
    }

    /// The intent is done, opens the app with `opensIntent`, and shows `view`.
    public static func result(opensIntent: some AppIntent, dialog: IntentDialog? = nil, view: some SnippetView) -> Self {
        .init(value: nil, dialog: dialog, snippet: view.snippet, opensIntent: opensIntent)
    }

    /// The intent is done and shows what `content` builds.
    ///
    /// Linux form: `content` builds a ``SnippetView`` where Apple's builds a SwiftUI view.
    public static func result(content: () -> some SnippetView) -> Self {
        .init(value: nil, dialog: nil, snippet: content().snippet)
    }

    /// The intent is done, says `dialog` and shows what `content` builds (a ``SnippetView`` here).
    public static func result(dialog: IntentDialog, content: () -> some SnippetView) -> Self {
        .init(value: nil, dialog: dialog, snippet: content().snippet)
    }
}

extension IntentResult {
    /// The intent is done and returns `value`.
    public static func result<Value: _IntentValue>(value: Value) -> Self where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: nil, snippet: nil)
    }

    /// The intent is done, returns `value` and says `dialog`.
    public static func result<Value: _IntentValue>(value: Value, dialog: IntentDialog) -> Self where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: dialog, snippet: nil)
    }

    /// The intent is done, returns `value`, says `dialog` and shows `snippet`.
    public static func result<Value: _IntentValue>(value: Value, dialog: IntentDialog, snippet: IntentSnippet) -> Self
        where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: dialog, snippet: snippet)
    }

    /// The intent is done, returns `value`, says `dialog` and shows `view`.
    public static func result<Value: _IntentValue>(value: Value, dialog: IntentDialog, view: some SnippetView) -> Self
        where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: dialog, snippet: view.snippet)
    }

    /// The intent is done, returns `value` and shows `view`.
    public static func result<Value: _IntentValue>(value: Value, view: some SnippetView) -> Self where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: nil, snippet: view.snippet)
    }

    /// The intent is done, returns `value` and shows what `content` builds (a ``SnippetView`` here).
    public static func result<Value: _IntentValue>(value: Value, content: () -> some SnippetView) -> Self
        where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: nil, snippet: content().snippet)
    }

    /// The intent is done, returns `value`, says `dialog` and shows what `content` builds (a
    /// ``SnippetView`` here).
    public static func result<Value: _IntentValue>(value: Value, dialog: IntentDialog, content: () -> some SnippetView) -> Self
        where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: dialog, snippet: content().snippet)
    }

    /// The intent is done, returns `value`, opens the app with `opensIntent`, and shows `view`.
    public static func result<Value: _IntentValue>(value: Value, opensIntent: some AppIntent, dialog: IntentDialog? = nil,
                                                   view: some SnippetView) -> Self where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: dialog, snippet: view.snippet, opensIntent: opensIntent)
    }

    /// The intent is done, returns `value` and opens the app with `opensIntent`.
    public static func result<Value: _IntentValue>(value: Value, opensIntent: some AppIntent, dialog: IntentDialog? = nil) -> Self
        where Self == IntentResultContainer<Value> {
        .init(value: value, dialog: dialog, snippet: nil, opensIntent: opensIntent)
    }
}
