import Foundation
import IntentsBenchmarks

// Usage: swift build -c release && swift run -c release intents-bench [iterations] [--only GROUP]...
//        intents-bench load [--seconds S] [--connections 1,8,64] [--extensions 1,4,16] [--chaos MS] [--hanging K]
let usage = """
    usage: intents-bench [iterations] [--only \(BenchmarkSuite.Group.allCases.map(\.rawValue).joined(separator: "|"))]...
           intents-bench load [--seconds S] [--connections N,...] [--extensions M,...] [--chaos MS] [--hanging K]
    """

let help = """
    intents-bench: the host's speed and memory, each figure beside its floor from the same run.
    Needs the whole package built in release: swift build -c release.

    \(usage)

    iterations        how many times each timed step runs (default 2000); medians are printed
    --only GROUP      run only this group (repeatable)
    load              drive `intents serve` from N client connections, then from N `intents send`
                      processes, against M extensions, and print the grid and its targets
      --seconds S     how long each cell runs (0.1 to 600, default 3)
      --connections   the counts N of clients at once (default 1,8,64)
      --extensions    the counts M of distinct extensions (default 1,4,16)
      --chaos MS      kill a random extension process every MS milliseconds (SIGKILL)
      --hanging K     clients asking an extension that never answers beside the N=8 M=4 cell,
                      run again with them (default 2; 0 skips it)

    examples:
      swift run -c release intents-bench 200 --only server
      swift run -c release intents-bench load --seconds 5 --connections 8 --extensions 4
    """

if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
    print(help)
    exit(0)
}

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
        case "--hanging":
            guard let clients = arguments.popFirst().flatMap(Int.init), (0...16).contains(clients) else {
                fail("--hanging takes how many clients ask the extension that never answers, 0 to 16.")
            }
            load.hangingClients = clients
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
