import ExtensionProtocol
import Foundation

/// The runner's mode for an app the host continues: it confines itself by the app's policy,
/// as for an extension (rlimits, capabilities, no_new_privs, Landlock, seccomp), reports what
/// engaged, then execs the app's executable over itself. Landlock, seccomp, no_new_privs and
/// the rlimits survive the exec; the app's code never runs unconfined.
///
/// The executable is the very file the host checked, open on a descriptor: it is run through
/// that descriptor (`fexecve`), never looked up by a path that could have been swapped since.
enum ContinuedApp {
    /// Exit status when the app's executable could not be run.
    static let execFailure: Int32 = 126

    /// The app mode's arguments.
    struct Options {
        /// `--app-fd`: the app's executable, opened for reading by the host.
        var executable: Int32
        /// `--app-arguments`: the app's argv (a JSON list of strings), its argv[0] first.
        var arguments: [String]
        /// `--report-fd`: where the confinement report goes, as one line of JSON, before the exec
        /// (close-on-exec: it ends with the exec), then a line saying why the exec failed, if it did.
        var report: Int32

        init(_ values: [String: String]) throws {
            guard let executable = values["--app-fd"].flatMap(Int32.init), executable > 2,
                  let report = values["--report-fd"].flatMap(Int32.init), report > 2, report != executable else {
                throw RunnerOptions.UsageError(description: "--app-fd and --report-fd need two descriptor numbers, other than 0, 1 and 2")
            }
            guard let text = values["--app-arguments"],
                  let arguments = try? JSONDecoder().decode([String].self, from: Data(text.utf8)), !arguments.isEmpty else {
                throw RunnerOptions.UsageError(description: "--app-arguments needs a JSON list of strings, the program's name first")
            }
            self.executable = executable
            self.arguments = arguments
            self.report = report
        }
    }

    /// Confines this process for the app, reports, and execs the app; returns only when it
    /// cannot (`ExtensionRunner.confinementFailure` or `execFailure`).
    static func run(_ options: Options, policy: SandboxPolicy, launch: RunnerConfinement.Launch) -> Int32 {
        // Nothing of the host's working folder stays at hand.
        _ = chdir("/")
        let kept = Set([options.executable, options.report]).union(policy.ruleDescriptors)
        let confinement = RunnerConfinement.apply(policy, launch: launch, keeping: kept, program: .continuedApp)
        _ = fcntl(options.report, F_SETFD, FD_CLOEXEC)
        var line = (try? JSONEncoder().encode(confinement)) ?? Data()
        line.append(UInt8(ascii: "\n"))
        write(line, to: options.report)
        let missing = confinement.missingRequiredLayers
        if policy.confine && !missing.isEmpty {
            FileHandle.standardError.write(Data("intents-extension: The sandbox could not engage \(missing.joined(separator: ", ")); the app is not run: \(confinement.problems.joined(separator: " "))\n".utf8))
            return ExtensionRunner.confinementFailure
        }
        // A binary needs its descriptor no more. A script keeps it open: the kernel names the
        // script /dev/fd/N to its interpreter, which opens it there.
        if isELF(options.executable) { _ = fcntl(options.executable, F_SETFD, FD_CLOEXEC) }
        let argv = options.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        fexecve(options.executable, argv, environ)
        let reason = String(cString: strerror(errno))
        write(Data("exec failed: \(reason)\n".utf8), to: options.report)
        FileHandle.standardError.write(Data("intents-extension: The app's executable cannot run in its sandbox: \(reason).\n".utf8))
        return execFailure
    }

    /// Whether the file open at `descriptor` begins with the ELF magic number.
    private static func isELF(_ descriptor: Int32) -> Bool {
        var magic = [UInt8](repeating: 0, count: 4)
        let count = magic.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        return count == 4 && magic == [0x7F, 0x45, 0x4C, 0x46]
    }

    private static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
