import ExtensionProtocol
import Foundation
import Testing

/// `RealPath.of` names what the kernel opens: the same answer as `realpath(3)` for every kind
/// of path a bundle can hold, and nil where it is nil.
@Suite struct RealPathTests {
    let scratch = TemporaryFolder()

    @Test func answersAsRealpathDoesForEveryKindOfPath() throws {
        let root = scratch.path
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/elsewhere/deep", withIntermediateDirectories: true)
        try #require(manager.createFile(atPath: root + "/a/b/file", contents: Data("x".utf8)))
        try #require(manager.createFile(atPath: root + "/a/b/name (deleted)", contents: Data()))
        try manager.createSymbolicLink(atPath: root + "/a/q", withDestinationPath: "../elsewhere/deep")
        try manager.createSymbolicLink(atPath: root + "/a/abs", withDestinationPath: root + "/a/b")
        try manager.createSymbolicLink(atPath: root + "/a/dangling", withDestinationPath: "nowhere")
        try manager.createSymbolicLink(atPath: root + "/a/loop1", withDestinationPath: "loop2")
        try manager.createSymbolicLink(atPath: root + "/a/loop2", withDestinationPath: "loop1")
        try #require(mkfifo(root + "/a/fifo", 0o600) == 0)
        let paths = [
            root, root + "/", root + "/a", root + "/a/b/file", root + "/a/b/file/", root + "/a/b/./file", root + "/a/b/../b/file",
            root + "/a/q", root + "/a/q/..", root + "/a/q/../deep", root + "/a/abs/file", root + "/a/abs/../b",
            root + "/a/dangling", root + "/a/loop1", root + "/a/fifo", root + "/a/missing", root + "/a/b/name (deleted)",
            root + "//a///b", "", "/", "/proc/self", "relative-that-does-not-exist",
        ]
        for path in paths {
            let expected: String? = realpath(path, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            }
            #expect(RealPath.of(path) == expected, "\(path.debugDescription)")
        }
    }
}
