import ExtensionProtocol
import IntentsHost

/// `intents test --junit FILE`: the results as JUnit XML, one test case per transcript, its
/// differences in its failure.
enum JUnitReport {
    static func xml(_ results: [TranscriptTestResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"intents test\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\">\n"
        xml += "  <testsuite name=\"transcripts\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
        for result in results {
            let name = escaped(result.file)
            guard !result.passed else {
                xml += "    <testcase classname=\"transcripts\" name=\"\(name)\" file=\"\(name)\"/>\n"
                continue
            }
            let count = result.differences.count
            xml += "    <testcase classname=\"transcripts\" name=\"\(name)\" file=\"\(name)\">\n"
            xml += "      <failure message=\"\(count) difference\(count == 1 ? "" : "s")\" type=\"TranscriptDifference\">"
            xml += escaped(result.lines.joined(separator: "\n")) + "</failure>\n"
            xml += "    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// `text` as XML character data or an attribute value: each line escaped as for a terminal
    /// (control characters as `\u{1b}`, which XML 1.0 cannot hold), then markup characters and
    /// the two noncharacters XML forbids as well.
    static func escaped(_ text: String) -> String {
        let replacements = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&apos;"),
                            ("\u{FFFE}", "\\u{fffe}"), ("\u{FFFF}", "\\u{ffff}")]
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            replacements.reduce(String(line).escapedForTerminal) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }.joined(separator: "\n")
    }
}
