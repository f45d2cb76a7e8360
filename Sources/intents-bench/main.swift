import Foundation
import IntentsBenchmarks

// Usage: swift build -c release && swift run -c release intents-bench [iterations] [--only dispatch|store|phrases]...
var iterations = 2000
var groups = Set<BenchmarkSuite.Group>()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--only", let name = arguments.popFirst(), let group = BenchmarkSuite.Group(rawValue: name) {
        groups.insert(group)
    } else if let number = Int(argument), number > 0 {
        iterations = number
    } else {
        let names = BenchmarkSuite.Group.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("intents-bench: unknown argument \"\(argument)\"; usage: intents-bench [iterations] [--only \(names)]...\n".utf8))
        exit(2)
    }
}
do {
    let suite = try BenchmarkSuite(iterations: iterations)
    print("intents-bench: \(iterations) iterations; medians; each figure beside its floor from this run")
    _ = try await suite.run(groups: groups.isEmpty ? Set(BenchmarkSuite.Group.allCases) : groups) { print($0.line) }
} catch {
    FileHandle.standardError.write(Data("intents-bench: \(error)\n".utf8))
    exit(1)
}
