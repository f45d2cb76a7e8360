import ExtensionProtocol
import Foundation
import Intents
import SandboxAttacks
import SharedKit

/// Carries out one attack and reports what stopped it. Attacks that the sandbox contains by
/// ending the process (memory, CPU, crashes, bad frames) never answer.
class AttackIntentHandler: NSObject {
    /// Names this process among all runs: inside its PID namespace every extension is pid 2.
    static let processToken = String(UInt64.random(in: 1...UInt64.max), radix: 36)

    func handle(intent: AttackIntent) async -> AttackIntentResponse {
        let target = intent.target ?? ""
        switch intent.attack ?? "" {
        case "ping": return .outcome("ok")
        case "echo":
            try? await Task.sleep(for: .milliseconds(50))
            return .outcome("echo \(target) from \(Self.processToken)")
        case "read": return .outcome(result(read(target)))
        case "write": return .outcome(result(write(target)))
        case "write-container": return .outcome(result(write(NSHomeDirectory() + "/written-by-extension")))
        case "group-write": return .outcome(groupWrite(target))
        case "store-increment": return .outcome(storeIncrement(target))
        case "tcp-connect": return .outcome(result(connectTCP(target)))
        case "tcp-bind": return .outcome(result(bindTCP()))
        case "udp-send": return .outcome(result(sendUDP(target)))
        case "unix-connect": return .outcome(result(connectUnix(target)))
        case "ptrace": return .outcome(result(attack_ptrace_attach(Int32(target) ?? getppid())))
        case "signal": return .outcome(result(kill(Int32(target) ?? getppid(), SIGTERM) == 0 ? 0 : errno))
        case "fork-bomb": return .outcome(forkBomb())
        case "exec": return .outcome(result(attack_exec()))
        case "unshare": return .outcome(result(attack_unshare()))
        case "memory-malloc": return .outcome(mallocBomb())
        case "memory-array": return .outcome(arrayBomb())
        case "fd-exhaustion": return .outcome(exhaustDescriptors())
        case "spin": spin()
        case "never-complete": await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        case "outlive":
            // Try not to die with the host, say so in the container, then never answer.
            let cleared = attack_clear_parent_death_signal()
            _ = write(NSHomeDirectory() + "/outlive-\(cleared == 0 ? "cleared" : "refused")")
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        case "crash-fatal": fatalError("SandboxTester was asked to crash")
        case "crash-segv": raise(SIGSEGV)
        case "frame-garbage": writeToHost(Array("garbage, not a frame".utf8))
        case "frame-truncated":
            writeToHost([0xF1, extensionProtocolVersion, 0, 0, 0, 100] + Array("{\"trunc".utf8))
            _exit(0)
        case "frame-oversized": writeToHost([0xF1, extensionProtocolVersion, 0x7F, 0xFF, 0xFF, 0xFF])
        case "frame-deep":
            // A `resolved` reply whose value is a list in a list... 20,000 deep (40 KB).
            writeFrame([3, 0, 1, 0] + Array([[UInt8]](repeating: [8, 1], count: 20_000).joined()) + [3, 0])
        case "frame-wide":
            // A `resolved` reply of 100,000 results, one byte each.
            writeFrame([3, 0, 0xA0, 0x8D, 0x06] + [UInt8](repeating: 3, count: 100_000))
        case "sysv-shm-read": return .outcome(sharedMemoryRead(Int32(target) ?? 0))
        case "sysv-msg-steal": return .outcome(result(attack_msg_steal(Int32(target) ?? 0)))
        case "sysv-shm-create": return .outcome(sharedMemoryCreate(Int32(target) ?? 64))
        case "proc-processes": return .outcome(visibleProcesses())
        case "proc-cmdlines": return .outcome(commandLines(containing: target))
        case "proc-net-tcp": return .outcome(tcpTable(showing: UInt16(target) ?? 0))
        case "clear-pdeathsig": return .outcome(result(attack_clear_parent_death_signal()))
        case "memfd-fill":
            var written: Int32 = 0
            let error = attack_memfd(Int32(target) ?? 3072, &written)
            return .outcome(error == 0 ? "allowed: \(written) MiB" : "\(result(error)) after \(written) MiB")
        case "setsid": return .outcome(result(attack_setsid()))
        case "clear-pdeathsig-wide": return .outcome(result(attack_clear_parent_death_signal_wide()))
        case "unix-datagram": return .outcome(result(attack_unix_datagram(target)))
        case "thread-bomb": return .outcome(threadBomb(Int32(target) ?? 10_000))
        case "disk-fill": return .outcome(diskFill(megabytes: Int(target) ?? 2048))
        case "stdout":
            for line in 0..<5000 { print("stray output \(line) must not corrupt a frame") }
            return .outcome("ok")
        default: return .outcome("unknown attack \(intent.attack ?? "")")
        }
        return .outcome("still alive")
    }

    private func result(_ error: Int32) -> String {
        error == 0 ? "allowed" : "blocked: \(String(cString: attack_errno_name(error)))"
    }

    private func read(_ path: String) -> Int32 {
        let fd = open(path, O_RDONLY)
        if fd < 0 { return errno }
        close(fd)
        return 0
    }

    private func write(_ path: String) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd < 0 { return errno }
        _ = Glibc.write(fd, "x", 1)
        close(fd)
        return 0
    }

    private func groupWrite(_ group: String) -> String {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            return "blocked: not entitled to \(group)"
        }
        let file = container.appendingPathComponent("written-by-extension").path
        let error = write(file)
        guard error == 0 else { return result(error) }
        let back = FileManager.default.contents(atPath: file)
        return "allowed: read back \(back?.count ?? -1) bytes"
    }

    /// Opens the app group's shared store, as an extension would, and counts one more visit.
    private func storeIncrement(_ group: String) -> String {
        do {
            let store = try SharedStore(suiteName: group)
            let visits = try store.update("visits", as: Int.self) { ($0 ?? 0) + 1 } ?? 0
            return "allowed: visits \(visits)"
        } catch let error as SharedStoreError {
            return "blocked: \(error.message)"
        } catch {
            return "failed: \(error)"
        }
    }

    private func socketAddress(_ text: String) -> sockaddr_in {
        let parts = text.split(separator: ":")
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(parts.last.flatMap { UInt16($0) } ?? 9).bigEndian)
        address.sin_addr.s_addr = inet_addr(parts.first.map(String.init) ?? "127.0.0.1")
        return address
    }

    private func connectTCP(_ target: String) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if fd < 0 { return errno }
        defer { close(fd) }
        var address = socketAddress(target)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return status == 0 ? 0 : errno
    }

    private func bindTCP() -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if fd < 0 { return errno }
        defer { close(fd) }
        var address = socketAddress("127.0.0.1:0")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return status == 0 ? 0 : errno
    }

    private func sendUDP(_ target: String) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        if fd < 0 { return errno }
        defer { close(fd) }
        var address = socketAddress(target)
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, "x", 1, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return sent == 1 ? 0 : errno
    }

    private func connectUnix(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        if fd < 0 { return errno }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return status == 0 ? 0 : errno
    }

    private func forkBomb() -> String {
        var forked: Int32 = 0
        let error = attack_fork(1000, &forked)
        return error == 0 ? "allowed: forked \(forked) times" : "\(result(error)) after \(forked) forks"
    }

    private func mallocBomb() -> String {
        let size = 4 << 30
        guard let memory = malloc(size) else { return "blocked: ENOMEM" }
        memset(memory, 1, size)
        free(memory)
        return "allowed: 4 GiB"
    }

    private func arrayBomb() -> String {
        let array = [UInt8](repeating: 1, count: 4 << 30)
        return "allowed: \(array.count) bytes"
    }

    private func exhaustDescriptors() -> String {
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        while opened.count < 100_000 {
            let fd = open("/dev/null", O_RDONLY)
            if fd < 0 { return "\(result(errno)) after \(opened.count) files" }
            opened.append(fd)
        }
        return "allowed: \(opened.count) files"
    }

    private func spin() -> Never {
        var counter: UInt64 = 0
        while true { counter &+= 1 }
    }

    private func sharedMemoryRead(_ key: Int32) -> String {
        var byte: Int32 = 0
        let error = attack_shm_read(key, &byte)
        return error == 0 ? "allowed: read byte \(byte)" : result(error)
    }

    private func sharedMemoryCreate(_ megabytes: Int32) -> String {
        var identifier: Int32 = 0
        let error = attack_shm_create(megabytes, &identifier)
        return error == 0 ? "allowed: segment \(identifier) of \(megabytes) MiB left behind" : result(error)
    }

    /// The process ids this process can see in /proc.
    private func visibleProcesses() -> String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let pids = entries.compactMap { Int($0) }.sorted()
        return "visible: " + pids.map(String.init).joined(separator: " ")
    }

    /// Whether any visible process's command line contains `marker` (another user's secrets).
    private func commandLines(containing marker: String) -> String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let found = entries.filter { Int($0) != nil }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(marker)
        }
        return found.isEmpty ? "not found" : "found in \(found.count) processes"
    }

    /// Whether a TCP socket on `port` shows in /proc/net/tcp (the network namespace's sockets).
    private func tcpTable(showing port: UInt16) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/net/tcp") else { return "blocked: unreadable" }
        let hex = ":" + String(format: "%04X", port) + " "
        return String(decoding: data, as: UTF8.self).contains(hex) ? "visible" : "not visible"
    }

    private func threadBomb(_ limit: Int32) -> String {
        var created: Int32 = 0
        let error = attack_threads(limit, &created)
        return error == 0 ? "allowed: \(created) threads" : "\(result(error)) after \(created) threads"
    }

    /// Writes one file in the container, 1 MiB at a time, until a write fails or `megabytes` are written.
    private func diskFill(megabytes: Int) -> String {
        let path = NSHomeDirectory() + "/fill"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if fd < 0 { return result(errno) }
        defer {
            close(fd)
            unlink(path)
        }
        let chunk = [UInt8](repeating: 7, count: 1 << 20)
        for written in 0..<megabytes {
            let count = chunk.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count != chunk.count { return "\(result(count < 0 ? errno : EFBIG)) after \(written) MiB" }
        }
        return "allowed: \(megabytes) MiB"
    }

    /// Writes `body` to the host as one well-formed frame: marker, protocol version, length.
    private func writeFrame(_ body: [UInt8]) {
        let length = UInt32(body.count)
        writeToHost([0xF1, extensionProtocolVersion, UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)] + body)
    }

    /// fd 3 is the runner's socket to the host.
    private func writeToHost(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(3, $0.baseAddress, $0.count) }
    }
}
