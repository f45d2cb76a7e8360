// continuation-probe: a test app whose `continue-activity` tries what its user info lists, one
// step at a time, and prints what happened to each, so that a test can see what an app the
// host continues may and may not reach.
//
//   continuation-probe continue-activity --type TYPE --user-info '{"steps": ["read /x", ...]}' [--title T]
//
// Steps (one line of output each, "STEP -> allowed[: detail]" or "STEP -> blocked: WHY"):
//   read PATH, write PATH, list PATH       open, create or list a file or folder
//   write-home NAME                        create NAME in $HOME (the app's container)
//   group-read GROUP NAME, group-write GROUP NAME
//                                          a file in the container of an app group
//   unix-connect PATH, tcp-connect HOST:PORT
//   fork, exec PATH                        start a process; run another program (on success,
//                                          that program replaces this one)
//   donate IDENTIFIER                      donate the activity being continued, with that
//                                          persistent identifier (through the host's server),
//                                          its steps those listed under "then" in the user info
//   env NAME                               the value of an environment variable
import Foundation
import Intents
import SandboxAttacks

func errnoName(_ error: Int32) -> String { String(cString: attack_errno_name(error)) }

func outcome(_ error: Int32, _ detail: String = "") -> String {
    error == 0 ? "allowed" + (detail.isEmpty ? "" : ": " + detail) : "blocked: " + errnoName(error)
}

func read(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return outcome(errno) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { return outcome(errno) }
    return outcome(0, String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

func write(_ path: String) -> String {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return outcome(errno) }
    defer { close(descriptor) }
    return Glibc.write(descriptor, "written by the probe\n", 21) == 21 ? outcome(0) : outcome(errno)
}

func list(_ path: String) -> String {
    guard let folder = opendir(path) else { return outcome(errno) }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return outcome(0, names.sorted().joined(separator: ","))
}

func connectUnix(_ path: String) -> String {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return outcome(errno) }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    return outcome(status == 0 ? 0 : errno)
}

func connectTCP(_ target: String) -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return outcome(errno) }
    defer { close(descriptor) }
    let parts = target.split(separator: ":")
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(parts.last.flatMap { UInt16($0) } ?? 9).bigEndian)
    address.sin_addr.s_addr = inet_addr(parts.first.map(String.init) ?? "127.0.0.1")
    let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    return outcome(status == 0 ? 0 : errno)
}

func exec(_ path: String) -> String {
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
    execv(path, argv)
    return outcome(errno)
}

func donate(_ type: String, identifier: String, then steps: [String]) -> String {
    let activity = NSUserActivity(activityType: type)
    activity.title = "Probe donation"
    activity.userInfo = ["steps": steps]
    activity.isEligibleForPrediction = true
    activity.persistentIdentifier = identifier
    do {
        try activity.donateForPrediction()
        return "allowed"
    } catch {
        return "blocked: \(error)"
    }
}

func groupFile(_ group: String, _ name: String) -> String? {
    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)?.appendingPathComponent(name).path
}

func perform(_ step: String, type: String, info: [String: Any]) -> String {
    let words = step.split(separator: " ", maxSplits: 1).map(String.init)
    let name = words.first ?? "", target = words.count > 1 ? words[1] : ""
    let operands = target.split(separator: " ").map(String.init)
    switch name {
    case "read": return read(target)
    case "write": return write(target)
    case "list": return list(target)
    case "write-home": return write(NSHomeDirectory() + "/" + target)
    case "group-read", "group-write":
        guard operands.count == 2, let path = groupFile(operands[0], operands[1]) else { return "blocked: no container for \(target)" }
        return name == "group-read" ? read(path) : write(path)
    case "unix-connect": return connectUnix(target)
    case "tcp-connect": return connectTCP(target)
    case "fork":
        var forked: Int32 = 0
        return outcome(attack_fork(1, &forked))
    case "exec": return exec(target)
    case "donate": return donate(type, identifier: target, then: info["then"] as? [String] ?? [])
    case "env": return ProcessInfo.processInfo.environment[target].map { "allowed: \($0)" } ?? "blocked: unset"
    default: return "unknown step"
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "continue-activity" else {
    FileHandle.standardError.write(Data("usage: continuation-probe continue-activity --type TYPE --user-info JSON [--title TITLE]\n".utf8))
    exit(64)
}
var options: [String: String] = [:]
var index = 1
while index + 1 < arguments.count {
    options[arguments[index]] = arguments[index + 1]
    index += 2
}
let type = options["--type"] ?? ""
let info = (try? JSONSerialization.jsonObject(with: Data((options["--user-info"] ?? "{}").utf8))) as? [String: Any] ?? [:]
print("continuing \(type)")
for step in info["steps"] as? [String] ?? [] {
    print("\(step) -> \(perform(step, type: type, info: info))")
}
