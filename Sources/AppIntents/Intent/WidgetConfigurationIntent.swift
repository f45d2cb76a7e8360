/// The intent that configures a widget: its `@Parameter`s are the widget's settings.
///
/// Linux form: the host has no widgets; the protocol is kept so that code shared with a widget
/// extension builds. Its `perform()` returns at once unless the type declares its own.
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent {
    /// Nothing to do: a configuration is read, not performed.
    public func perform() async throws -> IntentResultContainer<Never> { .result() }
}

/// The intent that configures a control (Control Center, the Lock Screen).
///
/// Linux form: the host has no controls; the protocol is kept so that such code builds.
public protocol ControlConfigurationIntent: AppIntent {}

extension ControlConfigurationIntent {
    /// Nothing to do: a configuration is read, not performed.
    public func perform() async throws -> IntentResultContainer<Never> { .result() }
}
