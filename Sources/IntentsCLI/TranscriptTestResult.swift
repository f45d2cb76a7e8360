import HostTools
import IntentsHost

/// How one transcript fared in `intents test`.
struct TranscriptTestResult {
    var file: String
    var differences: [TranscriptDifference]

    var passed: Bool { differences.isEmpty }

    /// The differences as `FILE:LINE: expected X, got Y`.
    var lines: [String] { differences.map { $0.located(in: file) } }

    /// Prints the results as a test runner does: `PASS file` or `FAIL file` and its
    /// differences, then `N passed, N failed`; with `json`, one object.
    static func report(_ results: [TranscriptTestResult], json: Bool) {
        let failed = results.filter { !$0.passed }.count
        if json {
            JSONOutput.print(["passed": results.count - failed, "failed": failed, "transcripts": results.map { result -> [String: Any] in
                ["file": result.file, "passed": result.passed,
                 "differences": result.differences.map { ["line": $0.line, "message": $0.message, "text": $0.located(in: result.file)] }]
            }])
            return
        }
        for result in results {
            printLine("\(result.passed ? "PASS" : "FAIL") \(result.file)")
            result.lines.forEach(printLine)
        }
        printLine("\(results.count - failed) passed, \(failed) failed")
    }
}
