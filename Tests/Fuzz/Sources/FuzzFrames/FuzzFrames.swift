import ExtensionProtocol
import FuzzDriver
import Glibc

/// `F_SETPIPE_SZ` (F_LINUX_SPECIFIC_BASE + 7), which glibc exports only under _GNU_SOURCE.
private let setPipeSize: Int32 = 1031

/// Feeds the input, as a byte stream, to a `FrameChannel` reading frames from a pipe, as a
/// host reads an extension's replies (or a runner the host's requests, by the first byte), and
/// to a `FrameReader` (which reads ahead) from another pipe: each frame that decodes must
/// survive an encode and decode unchanged, and both must read the same messages and end the
/// same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    guard let direction = bytes.first else { return 0 }
    let stream = Array(bytes.dropFirst())
    let plain = pipe(holding: stream)
    let ahead = pipe(holding: stream)
    defer { close(plain); close(ahead) }
    let channel = FrameChannel(fileDescriptor: plain)
    let reader = FrameReader(fileDescriptor: ahead)
    let (read, readAhead) = direction & 1 == 0
        ? (drain(HostToExtensionMessage.self, channel.receive), drain(HostToExtensionMessage.self, reader.receive))
        : (drain(ExtensionToHostMessage.self, channel.receive), drain(ExtensionToHostMessage.self, reader.receive))
    if read != readAhead { fuzzFailure("FrameReader reads what FrameChannel reads", "\(read) against \(readAhead)") }
    return 0
}

/// The read end of a pipe holding `stream`, its write end closed.
private func pipe(holding stream: [UInt8]) -> Int32 {
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else { fuzzFailure("a pipe can be made") }
    // Room for the whole input, so that writing it first never blocks.
    _ = fcntl(ends[1], setPipeSize, 1 << 20)
    let written = stream.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    guard written == stream.count else { fuzzFailure("the input fits in the pipe", "\(written) of \(stream.count)") }
    return ends[0]
}

/// Reads frames until the stream ends or breaks; every message read must round-trip. Returns
/// what was read (each message encoded again: encoding is stable, where a description prints a
/// dictionary in any order), and how it ended (the error's code).
private func drain<Message: WireCodable>(_ type: Message.Type, _ receive: (Message.Type) throws -> Message?) -> [String] {
    var read: [String] = []
    while true {
        do {
            guard let message = try receive(type) else { return read + ["end"] }
            checkRoundTrip(message)
            read.append((try? FrameCodec().encode(message)).map { "\($0)" } ?? "unencodable")
        } catch let error as ProtocolError {
            return read + ["\(error.code)"]
        } catch {
            fuzzFailure("a channel throws only ProtocolError", "\(error)")
        }
    }
}

@_cdecl("FuzzFrames_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, writeSeeds: { try SeedMessages.write(into: $0, frames: true) }, fuzzFrames)
}
