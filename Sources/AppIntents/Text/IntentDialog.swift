/// What the system says or shows when it asks for a value, a choice or a confirmation, or
/// when an intent finishes.
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The message that stands on its own, spoken or read without anything else.
    public var full: LocalizedStringResource
    /// The shorter message shown beside visual output.
    public var supporting: LocalizedStringResource
    /// An SF Symbol shown with the dialog on Apple's systems; kept, not shown by the host.
    public var systemImageName: String?

    /// A dialog whose full and supporting texts are both `resource`.
    public init(_ resource: LocalizedStringResource) {
        self.init(full: resource, supporting: resource)
    }

    /// A dialog with a shorter text for beside visual output; the host, having no such output,
    /// always uses `full`.
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full
        self.supporting = supporting
    }

    /// A dialog with a shorter text and a symbol, both kept but unused by the host.
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: supporting)
        self.systemImageName = systemImageName
    }

    /// A dialog with one text and a symbol, which the host does not show.
    public init(full: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: full, systemImageName: systemImageName)
    }

    /// A dialog from a literal: `"Okay, starting a session."`.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    /// A dialog from an interpolated literal, in which an entity or an enum case writes its
    /// display title: `"Starting \(session)."`.
    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }

    /// What crosses to the host: the full message.
    var text: String { full.key }
}
