import ExtensionProtocol
import Foundation
import IntentsHost
import Testing

/// `intents-sandbox`, the launcher in front of each runner: what it gives the program it runs,
/// and how it passes that program's end on to the host.
@Suite struct SandboxLauncherTests {
    static let launcher = Package.products + "/intents-sandbox"

    /// Runs `script` with /bin/sh under the launcher (which appends what engaged as arguments).
    func launch(_ script: String, launcherArguments: [String] = []) async throws -> (status: Int32, output: String) {
        try await runProgram(Self.launcher, launcherArguments + ["--", "/bin/sh", "-c", script])
    }

    @Test func theProgramIsTheSecondProcessOfItsOwnNamespaceWithAPrivateProc() async throws {
        // Shell builtins only, so that no other process shows in /proc.
        let run = try await launch(#"echo "pid $$ args $*"; for p in /proc/[0-9]*; do printf '%s ' "${p#/proc/}"; done"#)
        #expect(run.status == 0)
        // 1: the namespace's init; 2: this shell. The launcher's flags: user, network, IPC, mount
        // and PID namespaces (1 + 2 + 4 + 8 + 16).
        #expect(run.output == "pid 2 args 31\n1 2 ", "\(run.output)")
    }

    /// With `--root`, the program's root holds only those paths, read-only, with its own /proc
    /// and /dev/fd: a symlink is made again as one, and a path with a symlink on the way, or
    /// missing, is left out. (What a continued app gets: it may make Unix sockets, and Landlock
    /// does not govern connecting to one by path.)
    @Test func withRootPathsTheProgramGetsARootOfItsOwn() async throws {
        let folder = TemporaryFolder()
        let shown = folder.path + "/shown", hidden = folder.path + "/hidden"
        for place in [shown, hidden] {
            try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
            try place.write(toFile: place + "/file", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: hidden)
        let roots = ["/usr", "/bin", "/lib", "/lib64", "/etc/ld.so.cache", "/dev/null", shown, folder.path + "/link/file", "/nonexistent"]
        let script = """
            echo "args $*"; echo /*; cat \(shown)/file; echo
            [ -e \(hidden)/file ] && echo hidden-visible || echo hidden-absent
            [ -e \(folder.path)/link ] && echo link-visible || echo link-absent
            (: > /planted) 2>/dev/null && echo root-writable || echo root-read-only
            [ -L /dev/fd ] && echo "/dev/fd -> $(readlink /dev/fd)"; echo "cwd $(pwd)"
            """
        let run = try await launch(script, launcherArguments: roots.flatMap { ["--root", $0] })
        #expect(run.status == 0, "\(run.output)")
        // 63: the namespaces (31) and a root of its own (32).
        #expect(run.output == """
            args 63
            /bin /dev /etc /lib /lib64 /proc /tmp /usr
            \(shown)
            hidden-absent
            link-absent
            root-read-only
            /dev/fd -> /proc/self/fd
            cwd /

            """, "\(run.output)")
    }

    @Test func theLauncherEndsAsTheProgramEnded() async throws {
        #expect(try await launch("exit 7").status == 7)
        let killed = try await launch("kill -SEGV $$")
        // Foundation reports a death by signal as the signal number, with the reason in the process.
        #expect(killed.status == SIGSEGV)
    }

    @Test func networkAccessKeepsTheHostsNetworkNamespace() async throws {
        let run = try await launch(#"echo "$*""#, launcherArguments: ["--network"])
        #expect(run.output == "29\n")
    }

    @Test func wrongArgumentsAreAUsageError() async throws {
        let run = try await runProgram(Self.launcher, ["--cgroup", "/nowhere"])
        #expect(run.status == 64)
        #expect(run.output.hasPrefix("usage: intents-sandbox"))
    }

    /// Where the kernel refuses new namespaces (here: a user namespace allowing no nested one),
    /// the program still runs, told which layers are missing and why.
    @Test func withoutNamespacesTheProgramRunsAndIsToldWhy() async throws {
        let script = "echo 0 > /proc/sys/user/max_user_namespaces && exec \(Self.launcher) -- /bin/sh -c 'for a; do echo \"$a\"; done' sh"
        let run = try await runProgram("/usr/bin/unshare", ["--user", "--map-root-user", "/bin/sh", "-c", script])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == """
            --namespaces
            0
            --sandbox-problem
            The launcher could not enter new mount, IPC and PID namespaces: No space left on device.
            --sandbox-problem
            The launcher could not enter a new user namespace: No space left on device.

            """, "\(run.output)")
    }
}
