import WorkerThreads

/// The one thread, alive as long as the host, from which every runner is spawned.
///
/// The runner asks for a parent-death signal, and Linux sends it when the *thread* that
/// spawned it exits, not the process: spawned from a pool thread that is later retired, a
/// healthy extension would be killed.
enum SpawnThread {
    static let shared = WorkerThread(name: "intents-spawner")
}
