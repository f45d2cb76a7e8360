import ExtensionProtocol
import Foundation
import Testing

/// Descriptors passed beside frames (`SCM_RIGHTS`), as the host hands a spare runner its library.
@Suite struct DescriptorPassingTests {
    func socketPair() throws -> (FrameChannel, FrameChannel) {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        return (FrameChannel(fileDescriptor: pair[0]), FrameChannel(fileDescriptor: pair[1]))
    }

    @Test func aDescriptorSentAfterAFrameArrivesAfterIt() throws {
        let (host, runner) = try socketPair()
        defer { close(host.fileDescriptor); close(runner.fileDescriptor) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("descriptor-\(UUID().uuidString)")
        try Data("library bytes".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let opened = open(file.path, O_RDONLY)
        try #require(opened >= 0)
        try host.send(HostToExtensionMessage.assign(principalClass: "A.B", policy: "{}"))
        try host.sendDescriptor(opened)
        close(opened)
        #expect(try runner.receive(HostToExtensionMessage.self) == .assign(principalClass: "A.B", policy: "{}"))
        let received = try runner.receiveDescriptor()
        defer { close(received) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(received, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "library bytes")
        #expect(fcntl(received, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func aByteWithoutADescriptorIsAnError() throws {
        let (host, runner) = try socketPair()
        defer { close(runner.fileDescriptor) }
        try host.writeAll([1])
        let error = #expect(throws: ProtocolError.self) { try runner.receiveDescriptor() }
        #expect(error?.message == "The peer sent a byte without a descriptor.")
        close(host.fileDescriptor)
        let closed = #expect(throws: ProtocolError.self) { try runner.receiveDescriptor() }
        #expect(closed?.code == .closed)
    }
}
