#if canImport(Glibc)
import Glibc
#endif

/// A named, detached thread for the client's blocking waits (starting a server, reaping it),
/// which must not hold a thread of the concurrency pool. A pthread rather than Foundation's
/// `Thread`: programs that link this client (the `intents` command among them) need no Foundation.
enum DetachedThread {
    private final class Body {
        let run: () -> Void
        let name: String
        init(_ run: @escaping () -> Void, name: String) {
            self.run = run
            self.name = name
        }
    }

    /// Runs `body` on a new thread named `name` (at most 15 bytes are kept); when no thread
    /// can be started, runs it on the caller's.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body, name: name)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            DetachedThread.nameThisThread(body.name)
            body.run()
            return nil
        }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        }
    }

    /// Names the calling thread (as `ps -L` and debuggers show it) through
    /// `/proc/thread-self/comm`; the kernel keeps 15 bytes.
    private static func nameThisThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
