import Foundation

/// Runs `body` on a thread of its own and awaits it.
///
/// On Linux the concurrency pool has as many threads as the machine has processors (two here)
/// and never adds one when they block: a test that waits for a process, a socket or a lock on a
/// pool thread holds a thread every other test's tasks need, and two such waits stop them all.
/// A global dispatch queue is no better (it adds a thread about once a second). Every blocking
/// wait of the tests goes through this.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "test-blocking-wait"
        thread.start()
    }
}

extension SpawnedProgram {
    /// `finish()`, waited for on a thread of its own (`offThePool`).
    public func ended() async -> Ending {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: finish()) }
            thread.name = "test-blocking-wait"
            thread.start()
        }
    }

    /// Runs a program to its end, waiting off the concurrency pool; see `init` and `finish`.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> Ending {
        try await SpawnedProgram(executable, arguments, environment: environment).ended()
    }
}
