import CSandbox
import ExtensionProtocol
import Foundation

/// The runner's logic: load one extension library and hand the socket to its SDK.
///
/// Usage: `intents-extension --socket-fd FD --library-fd FD --principal-class NAME --policy JSON`,
/// `intents-extension --socket-fd FD --spare --policy JSON` (the library's descriptor and class
/// come later, in an `assign` message), `intents-extension --probe --policy JSON` to confine
/// itself, print the report and exit, or `intents-extension --app-fd FD --app-arguments JSON
/// --report-fd FD --policy JSON` to confine itself for a continued app and exec the app's
/// executable, open on the first descriptor (see `ContinuedApp`).
///
/// The library is loaded from the descriptor the host opened and checked, never by a path the
/// bundle could swap in the meantime. Confinement is applied before the library loads (see
/// `RunnerConfinement`); if a required layer did not engage and the policy asks for
/// confinement, the library is never loaded.
public enum ExtensionRunner {
    /// Exit status when the arguments are wrong.
    public static let usageFailure: Int32 = 64
    /// Exit status when the library or its entry point cannot be loaded.
    public static let loadFailure: Int32 = 70
    /// Exit status when a required confinement layer did not engage.
    public static let confinementFailure: Int32 = 71

    /// Runs the runner with `arguments` (without the program name) and returns its exit status.
    public static func run(arguments: [String]) -> Int32 {
        var options: RunnerOptions
        do {
            options = try RunnerOptions(arguments: arguments)
        } catch {
            FileHandle.standardError.write(Data("intents-extension: \(error)\n".utf8))
            return usageFailure
        }
        if let app = options.app {
            return ContinuedApp.run(app, policy: options.policy, launch: options.launch)
        }
        if options.probe {
            let report = RunnerConfinement.apply(options.policy, launch: options.launch, keeping: [])
            let data = (try? JSONEncoder().encode(report)) ?? Data()
            FileHandle.standardOutput.write(data)
            return report.missingRequiredLayers.isEmpty || !options.policy.confine ? 0 : confinementFailure
        }
        let channel = FrameChannel(fileDescriptor: options.socketDescriptor)
        var confinement = RunnerConfinement.apply(options.policy, launch: options.launch,
                                                  keeping: Set([options.socketDescriptor, options.libraryDescriptor]).union(options.policy.ruleDescriptors))
        var policy = options.policy
        try? channel.send(ExtensionToHostMessage.confined(report: confinement))
        if options.spare {
            // Wait, confined to the base policy, for the extension to load.
            guard case .assign(let principal, let policyText)? = try? channel.receive(HostToExtensionMessage.self),
                  let assigned = try? SandboxPolicy(runnerText: policyText),
                  let library = try? channel.receiveDescriptor(), let folder = try? channel.receiveDescriptor() else {
                return 0
            }
            options.libraryDescriptor = library
            options.principalClass = principal
            policy = assigned.withBundleFolder(on: folder)
            confinement = RunnerConfinement.narrow(confinement, to: assigned)
            try? channel.send(ExtensionToHostMessage.confined(report: confinement))
        }
        let missing = confinement.missingRequiredLayers
        if policy.confine && !missing.isEmpty {
            report(ExtensionFailure(.confinementFailed, "The sandbox could not engage \(missing.joined(separator: ", ")): \(confinement.problems.joined(separator: " "))"), on: channel)
            return confinementFailure
        }
        // The very file the host checked, through its descriptor: a path could be swapped.
        let library = dlopen("/proc/self/fd/\(options.libraryDescriptor)", RTLD_NOW | RTLD_LOCAL)
        close(options.libraryDescriptor)
        guard let library else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            report(ExtensionFailure(.libraryNotLoaded, "The extension's library cannot be loaded: \(reason)."), on: channel)
            return loadFailure
        }
        guard let symbol = dlsym(library, entryPointName) else {
            report(ExtensionFailure(.libraryNotLoaded, "The extension's library does not export \(entryPointName): is it built against the Intents SDK?"), on: channel)
            return loadFailure
        }
        startExtensionType(of: library, besides: symbol)
        let serve = unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>) -> Int32).self)
        return options.principalClass.withCString { serve(options.socketDescriptor, $0) }
    }

    /// Runs the library's own `main`, when it has one: the `@main` type of an App Intents
    /// extension as Xcode's template writes it (`@main struct MyExtension: AppIntentsExtension`),
    /// which the SDK makes once, as Apple's systems make the extension when its process starts
    /// (its `init()` registers the `@Dependency` values its intents use). Only a `main` defined
    /// in the library itself counts, never the runner's own.
    private static func startExtensionType(of library: UnsafeMutableRawPointer, besides entryPoint: UnsafeMutableRawPointer) {
        guard let start = dlsym(library, "main"), csandbox_same_object(start, entryPoint) == 1 else { return }
        let main = unsafeBitCast(start, to: (@convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32).self)
        _ = main(CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// The C symbol every extension library exports through the SDK.
    public static let entryPointName = "INExtensionServe"

    private static func report(_ failure: ExtensionFailure, on channel: FrameChannel) {
        FileHandle.standardError.write(Data("intents-extension: \(failure.message)\n".utf8))
        try? channel.send(ExtensionToHostMessage.failed(requestID: 0, failure: failure))
    }
}

/// The runner's command line.
struct RunnerOptions {
    var socketDescriptor: Int32 = -1
    /// The library, opened and checked by the host.
    var libraryDescriptor: Int32 = -1
    var principalClass = ""
    var policy: SandboxPolicy
    var probe = false
    /// Confine to the base policy, then wait for `assign` before loading anything.
    var spare = false
    /// What `intents-sandbox` engaged before starting this runner.
    var launch = RunnerConfinement.Launch()
    /// A continued app to exec, instead of an extension to load.
    var app: ContinuedApp.Options?

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        let usage = "usage: intents-extension --socket-fd FD --library-fd FD --principal-class NAME --policy JSON, --socket-fd FD --spare --policy JSON, --probe --policy JSON, or --app-fd FD --app-arguments JSON --report-fd FD --policy JSON"
        var values: [String: String] = [:]
        var index = 0
        var probe = false
        var spare = false
        var launch = RunnerConfinement.Launch()
        while index < arguments.count {
            let flag = arguments[index]
            if flag == "--probe" || flag == "--spare" || flag == "--threads-cgroup" {
                if flag == "--probe" { probe = true } else if flag == "--spare" { spare = true } else { launch.threadsCgroup = true }
                index += 1
                continue
            }
            if flag == "--sandbox-problem", index + 1 < arguments.count {
                launch.problems.append(arguments[index + 1])
                index += 2
                continue
            }
            if flag == "--namespaces", index + 1 < arguments.count {
                guard let flags = Int(arguments[index + 1]), (0...63).contains(flags) else {
                    throw UsageError(description: "--namespaces needs a number from 0 to 63")
                }
                launch.namespaces = flags
                index += 2
                continue
            }
            guard ["--socket-fd", "--library-fd", "--principal-class", "--policy", "--app-fd", "--app-arguments", "--report-fd"].contains(flag) else {
                throw UsageError(description: "unknown argument \"\(flag)\"; \(usage)")
            }
            guard index + 1 < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
            values[flag] = arguments[index + 1]
            index += 2
        }
        guard let policyText = values["--policy"] else { throw UsageError(description: "--policy is required; \(usage)") }
        do {
            policy = try SandboxPolicy(runnerText: policyText)
        } catch {
            throw UsageError(description: "--policy is not a sandbox policy: \(error)")
        }
        self.probe = probe
        self.spare = spare
        self.launch = launch
        if probe { return }
        if values["--app-fd"] != nil || values["--app-arguments"] != nil || values["--report-fd"] != nil {
            app = try ContinuedApp.Options(values)
            return
        }
        guard let fd = values["--socket-fd"].flatMap(Int32.init), fd >= 0 else {
            throw UsageError(description: "--socket-fd needs a file descriptor number")
        }
        socketDescriptor = fd
        if spare { return }
        guard let library = values["--library-fd"].flatMap(Int32.init), library > 2, library != fd else {
            throw UsageError(description: "--library-fd needs the descriptor number of the library, other than 0, 1, 2 and the socket")
        }
        guard let principal = values["--principal-class"] else { throw UsageError(description: "--principal-class is required") }
        libraryDescriptor = library
        principalClass = principal
    }
}
