/// The entry point of an App Intents extension, as Xcode's template writes it:
///
///     @main
///     struct MyExtension: AppIntentsExtension {}
///
/// Linux form: the extension is a shared library the host's runner loads, and the runner finds
/// the intents by the names the bundle's `Info.plist` lists, so the type does nothing here;
/// `main()` returns at once. It is kept so the file builds unchanged. In a library target,
/// `@main` makes a `main` symbol: build the extension as a dynamic library of its own (as an
/// extension is), not linked statically into an executable, which has its own `main`.
public protocol AppIntentsExtension {
    /// Makes the extension; the runner never calls it.
    init()
}

extension AppIntentsExtension {
    /// What `@main` calls; it returns at once, since the runner, not this type, serves the host.
    public static func main() {}
}

/// A package of App Intents types that another module's intents build on: its
/// `includedPackages` list the packages it includes in turn.
///
///     struct FeaturePackage: AppIntentsPackage {
///         static var includedPackages: [any AppIntentsPackage.Type] { [CorePackage.self] }
///     }
///
/// Linux form: the host learns intents from the names the bundle's plist lists, so packages are
/// kept for code written for Apple's systems and read by no one here.
public protocol AppIntentsPackage {
    /// The packages this one includes; none by default.
    static var includedPackages: [any AppIntentsPackage.Type] { get }
}

extension AppIntentsPackage {
    public static var includedPackages: [any AppIntentsPackage.Type] { [] }
}
