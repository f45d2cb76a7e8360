import Synchronization

/// A value made once, by the first caller; later callers wait for it (or its error).
final class AsyncOnce<Value: Sendable>: Sendable {
    private let task = Mutex<Task<Value, any Error>?>(nil)

    func value(_ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let running = task.withLock { task in
            if let task { return task }
            let started = Task { try await make() }
            task = started
            return started
        }
        return try await running.value
    }
}
