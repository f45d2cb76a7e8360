import Foundation

/// What `/proc` says of processes and their descendants: CPU time, memory, context switches.
enum ProcessTree {
    /// Every descendant of `pid` (children, theirs, and so on), from `/proc/PID/task/TID/children`.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var queue = [pid]
        while let next = queue.popLast() {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(next)/task")) ?? []
            for task in tasks {
                let text = readWhole("/proc/\(next)/task/\(task)/children")
                let children = text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                found += children
                queue += children
            }
        }
        return found
    }

    /// The CPU time (user and system, all threads) process `pid` has used, from `/proc/PID/stat`.
    static func cpuSeconds(of pid: pid_t) throws -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else {
            throw BenchmarkError("/proc/\(pid)/stat cannot be read.")
        }
        // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchmarkError("/proc/\(pid)/stat has no CPU times.")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU time, user and system, of this process (all threads) and of its children that
    /// ended and were waited for: the `intents send` processes a load cell ran. The server and
    /// its extensions, still running, are not in it.
    static func clientCPUSeconds() -> Double {
        func seconds(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(who), &usage)
            return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
    }

    /// Context switches, voluntary and not, of every thread of `pid` now (threads that ended
    /// took theirs with them).
    static func contextSwitches(of pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let text = readWhole("/proc/\(pid)/task/\(task)/status")
            return total + text.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
                .reduce(0, +)
        }
    }

    /// Context switches of `pid` and all its descendants.
    static func contextSwitches(ofTree pid: pid_t) -> Int {
        ([pid] + descendants(of: pid)).reduce(0) { $0 + contextSwitches(of: $1) }
    }

    /// Context switches of every thread of `pid` and its descendants now, summed by where they
    /// are: "this" (`pid`'s own threads) or "child" (its descendants'), then the thread's name,
    /// and whether the thread gave the processor up ("voluntary") or was "preempted".
    static func contextSwitchesByThread(ofTree pid: pid_t) -> [String: Int] {
        var totals: [String: Int] = [:]
        for process in [pid] + descendants(of: pid) {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
            for task in tasks {
                let name = readWhole("/proc/\(process)/task/\(task)/comm").trimmingCharacters(in: .whitespacesAndNewlines)
                let status = readWhole("/proc/\(process)/task/\(task)/status").split(separator: "\n")
                for kind in ["voluntary", "nonvoluntary"] {
                    let switches = status.first { $0.hasPrefix(kind + "_ctxt_switches:") }
                        .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
                    totals[(process == pid ? "this " : "child ") + name + (kind == "voluntary" ? "" : " preempted"), default: 0] += switches
                }
            }
        }
        return totals
    }

    /// The resident set of `pid`, in bytes (`VmRSS`); 0 when it cannot be read.
    static func residentSetSize(of pid: pid_t) -> Double {
        kilobytes("VmRSS:", in: "/proc/\(pid)/status") * 1024
    }

    /// The proportional set of `pid`, in bytes (`Pss` of `smaps_rollup`); 0 when it cannot be read.
    static func proportionalSetSize(of pid: pid_t) -> Double {
        kilobytes("Pss:", in: "/proc/\(pid)/smaps_rollup") * 1024
    }

    /// The proportional set of `pid` by mapping (`/proc/PID/smaps`), in bytes, largest first:
    /// each file by its name, anonymous memory as `[anonymous]`, the heap and stack as named.
    static func proportionalSetByMapping(of pid: pid_t) -> [(mapping: String, bytes: Double)] {
        let text = readWhole("/proc/\(pid)/smaps")
        var totals: [String: Double] = [:]
        var current = "[anonymous]"
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), fields.count >= 5, !first.hasSuffix(":") {
                // A mapping's header: range, permissions, offset, device, inode, then the path.
                current = fields.count > 5 ? String(fields[5...].joined(separator: " ")).split(separator: "/").last.map(String.init) ?? "[anonymous]" : "[anonymous]"
            } else if first(fields) == "Pss:", fields.count >= 2, let kilobytes = Double(fields[1]) {
                totals[current, default: 0] += kilobytes * 1024
            }
        }
        return totals.map { ($0.key, $0.value) }.sorted { $0.bytes > $1.bytes }
    }

    private static func first(_ fields: [Substring]) -> Substring? { fields.first }

    /// The whole text of a `/proc` file, read to its end: such files say their size is 0, and a
    /// read sized by it stops after the first page.
    static func readWhole(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += chunk[0..<got]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func kilobytes(_ key: String, in path: String) -> Double {
        let text = readWhole(path)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
        return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// A benchmark that cannot go on, in one sentence.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
