/// What the system says or shows when it asks for a value, a choice or a confirmation, or
/// when an intent finishes.
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The message that stands on its own, spoken or read without anything else.
    public var full: LocalizedStringResource
    /// The shorter message shown beside visual output.
    public var supporting: LocalizedStringResource
    public var systemImageName: String?

    public init(_ resource: LocalizedStringResource) {
        self.init(full: resource, supporting: resource)
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full
        self.supporting = supporting
    }

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: supporting)
        self.systemImageName = systemImageName
    }

    public init(full: LocalizedStringResource, systemImageName: String) {
        self.init(full: full, supporting: full, systemImageName: systemImageName)
    }

    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    public init(stringInterpolation: LocalizedStringResource.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }

    /// What crosses to the host: the full message.
    var text: String { full.key }
}
