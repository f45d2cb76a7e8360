import Synchronization

/// The entry point of an App Intents extension, as Xcode's template writes it:
///
///     @main
///     struct MyExtension: AppIntentsExtension {
///         init() {
///             AppDependencyManager.shared.add(dependency: TodoStore.shared)
///         }
///     }
///
/// As on Apple's systems, the extension is made once when its process starts, before the
/// host's first request: its `init()` is where dependencies its intents use are registered.
/// Linux form: the extension is a shared library the host's runner loads; the runner calls the
/// library's `main` (which `@main` makes), which makes the type and keeps it for the process's
/// life. Build the extension as a dynamic library of its own (as an extension is), not linked
/// statically into an executable, which has its own `main`.
public protocol AppIntentsExtension {
    /// Makes the extension, once per process, when the process starts.
    init()
}

extension AppIntentsExtension {
    /// What `@main` calls when the runner starts the extension: makes it, and keeps it.
    public static func main() {
        let made = Self()
        runningExtension.withLock { $0 = RunningExtension(value: made) }
    }
}

/// The extension `main()` made, kept for the process's life.
private struct RunningExtension: @unchecked Sendable {
    let value: Any
}

private let runningExtension = Mutex<RunningExtension?>(nil)

/// A package of App Intents types that another module's intents build on: its
/// `includedPackages` list the packages it includes in turn.
///
///     struct FeaturePackage: AppIntentsPackage {
///         static var includedPackages: [any AppIntentsPackage.Type] { [CorePackage.self] }
///     }
///
/// Linux form: the `AppIntentsMetadata` build plugin, applied to each package's target, compiles
/// that module's record into the library, and the host joins the records of every module the
/// library links; `includedPackages` is kept for code written for Apple's systems.
public protocol AppIntentsPackage {
    /// The packages this one includes; none by default.
    static var includedPackages: [any AppIntentsPackage.Type] { get }
}

extension AppIntentsPackage {
    public static var includedPackages: [any AppIntentsPackage.Type] { [] }
}
