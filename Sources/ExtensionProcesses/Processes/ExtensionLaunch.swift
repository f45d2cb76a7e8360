import ExtensionProtocol
import HostBundles
import HostPolicy

/// What the supervisor asks a launcher to start: an extension, with the sealed copy of its
/// library that the process must run (`SealedLibrary`), when policy judged it by those bytes.
/// Made only from a `PolicyClearance`, so every launch stands on the policy gate's decision.
public struct ExtensionLaunch: Sendable {
    /// The extension to start.
    public let bundle: ExtensionBundle
    /// The library bytes to load instead of the file; nil for an extension without App Intents
    /// (its library file is then opened as the scan checked it).
    public let library: SealedLibrary?

    /// The launch `clearance` allows, in the lock state of this moment (`PolicyClearance.confirm()`).
    /// - Throws: `HostError` (`.usage`) when the clearance is for an app rather than an extension;
    ///   (`.refusedByPolicy`) when the lock policy refuses it now.
    public init(_ clearance: PolicyClearance) throws {
        try clearance.confirm()
        guard let bundle = clearance.subject.extensionBundle else {
            throw HostError(.usage, "\(clearance.subject.name) of \(clearance.subject.bundleIdentifier) is not run by an extension.")
        }
        self.bundle = bundle
        self.library = clearance.library
    }
}
