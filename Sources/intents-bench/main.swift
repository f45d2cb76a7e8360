import Foundation
import IntentsBenchmarks

// Usage: swift build -c release && swift run -c release intents-bench [iterations] [--only GROUP]...
//        intents-bench load [--seconds S] [--connections 1,8,64] [--extensions 1,4,16] [--chaos MS]
let usage = """
    usage: intents-bench [iterations] [--only \(BenchmarkSuite.Group.allCases.map(\.rawValue).joined(separator: "|"))]...
           intents-bench load [--seconds S] [--connections N,...] [--extensions M,...] [--chaos MS]
    """

func fail(_ sentence: String) -> Never {
    FileHandle.standardError.write(Data("intents-bench: \(sentence)\n\(usage)\n".utf8))
    exit(2)
}

/// A comma-separated list of counts from 1 to 256.
func counts(_ text: String?, option: String) -> [Int] {
    guard let text, case let values = text.split(separator: ",").compactMap({ Int($0) }),
          !values.isEmpty, values.count == text.split(separator: ",").count, values.allSatisfy({ (1...256).contains($0) }) else {
        fail("\(option) takes counts from 1 to 256, separated by commas.")
    }
    return values
}

var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "load" {
    arguments.removeFirst()
    var load = LoadBenchmark(products: BenchmarkSuite.productsFolder, work: NSTemporaryDirectory() + "intents-bench-load-\(UUID().uuidString)")
    while let argument = arguments.popFirst() {
        switch argument {
        case "--seconds":
            guard let seconds = arguments.popFirst().flatMap(Double.init), (0.1...600).contains(seconds) else {
                fail("--seconds takes 0.1 to 600.")
            }
            load.seconds = seconds
        case "--connections": load.connections = counts(arguments.popFirst(), option: "--connections")
        case "--extensions": load.extensions = counts(arguments.popFirst(), option: "--extensions")
        case "--chaos":
            guard let milliseconds = arguments.popFirst().flatMap(Int.init), (1...60_000).contains(milliseconds) else {
                fail("--chaos takes the milliseconds between kills of a random extension process, 1 to 60000.")
            }
            load.killInterval = .milliseconds(milliseconds)
        default: fail("unknown argument \"\(argument)\".")
        }
    }
    do {
        print("intents-bench load: \(load.seconds) s a cell; conversations per second, latencies from HdrHistogram; each target beside its floor from this run")
        _ = try await load.run { print($0.line) }
        try? FileManager.default.removeItem(atPath: load.work)
    } catch {
        FileHandle.standardError.write(Data("intents-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

var iterations = 2000
var groups = Set<BenchmarkSuite.Group>()
while let argument = arguments.popFirst() {
    if argument == "--only", let name = arguments.popFirst(), let group = BenchmarkSuite.Group(rawValue: name) {
        groups.insert(group)
    } else if let number = Int(argument), number > 0 {
        iterations = number
    } else {
        fail("unknown argument \"\(argument)\".")
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
