import Foundation
import SharedKit

// A second process for the shared store's tests:
//   sharedstore-tool increment PATH KEY TIMES     adds 1 to KEY, TIMES times, through update
//   sharedstore-tool write-sequence PATH PREFIX   writes PREFIX.1, PREFIX.2, ... and prints each number once committed
//   sharedstore-tool observe PATH KEY             prints "ready", then "changed" when KEY changes, and exits
//   sharedstore-tool set PATH KEY VALUE           stores a string
/// Writes a line at once (no buffering): the tests read it as an acknowledgement.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: sharedstore-tool increment|write-sequence|observe|set PATH KEY [VALUE]\n".utf8))
    exit(64)
}
let store = try SharedStore(suiteName: "test", path: arguments[1])
switch arguments[0] {
case "increment":
    for _ in 0..<(Int(arguments[3]) ?? 0) {
        try store.update(arguments[2], as: Int.self) { ($0 ?? 0) + 1 }
    }
    say("done")
case "write-sequence":
    var number = 0
    while true {
        number += 1
        try store.set(codable: number, forKey: "\(arguments[2]).\(number)")
        say(String(number))
    }
case "observe":
    let changes = try store.changes()
    say("ready")
    for await keys in changes where keys.contains(arguments[2]) {
        say("changed")
        exit(0)
    }
case "set":
    try store.set(arguments[3], forKey: arguments[2])
default:
    exit(64)
}
