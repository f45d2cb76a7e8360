import Foundation
import IntentsBenchmarks

// Usage: swift build -c release && swift run -c release intents-bench [iterations]
let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2000
do {
    let suite = try BenchmarkSuite(iterations: iterations)
    print("intents-bench: \(iterations) iterations; medians; each figure beside its floor from this run")
    _ = try await suite.run { print($0.line) }
} catch {
    FileHandle.standardError.write(Data("intents-bench: \(error)\n".utf8))
    exit(1)
}
