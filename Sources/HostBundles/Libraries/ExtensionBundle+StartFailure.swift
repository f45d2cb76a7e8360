import ExtensionProtocol

extension ExtensionBundle {
    /// Why this bundle cannot start, its library (or folder) being what `problem` says.
    package func startFailure(_ problem: BundleFile.Problem) -> HostError {
        if problem == .missing {
            return HostError(.extensionFailed, "\(bundleIdentifier) cannot start: its library \(libraryPath.quotedForDisplay) is no longer where it was checked (a folder on its path was moved or replaced by a symlink); run the command again.")
        }
        return HostError(.extensionFailed, "\(bundleIdentifier) cannot start: its library \(libraryPath.quotedForDisplay) \(problem.clause).")
    }
}
