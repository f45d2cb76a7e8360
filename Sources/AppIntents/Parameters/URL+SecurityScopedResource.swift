extension URL {
    /// Asks for access to a file outside the sandbox that the user gave; true when granted.
    ///
    /// Linux form: Foundation on Linux has no security-scoped URLs; a file an intent is given
    /// (an `IntentFile`'s `fileURL`) is already readable in the extension's sandbox, so this
    /// grants nothing and returns true. Kept so that code handling files builds unchanged.
    public func startAccessingSecurityScopedResource() -> Bool { true }

    /// Gives up the access `startAccessingSecurityScopedResource()` asked for; does nothing here.
    public func stopAccessingSecurityScopedResource() {}
}
