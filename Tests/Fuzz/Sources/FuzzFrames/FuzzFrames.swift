import ExtensionProtocol
import FuzzDriver
import Glibc

/// `F_SETPIPE_SZ` (F_LINUX_SPECIFIC_BASE + 7), which glibc exports only under _GNU_SOURCE.
private let setPipeSize: Int32 = 1031

/// Feeds the input, as a byte stream, to a `FrameChannel` reading frames from a pipe, as a
/// host reads an extension's replies (or a runner the host's requests, by the first byte).
/// Each frame that decodes must survive an encode and decode unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    guard let direction = bytes.first else { return 0 }
    let stream = Array(bytes.dropFirst())
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fuzzFailure("a pipe can be made") }
    defer { close(ends[0]) }
    // Room for the whole input, so that writing it first never blocks.
    _ = fcntl(ends[1], setPipeSize, 1 << 20)
    let written = stream.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    guard written == stream.count else { fuzzFailure("the input fits in the pipe", "\(written) of \(stream.count)") }
    let channel = FrameChannel(fileDescriptor: ends[0])
    if direction & 1 == 0 {
        drain(channel, HostToExtensionMessage.self)
    } else {
        drain(channel, ExtensionToHostMessage.self)
    }
    return 0
}

/// Reads frames until the stream ends or breaks; every message read must round-trip.
private func drain<Message: WireCodable>(_ channel: FrameChannel, _ type: Message.Type) {
    while true {
        do {
            guard let message = try channel.receive(type) else { return }
            checkRoundTrip(message)
        } catch is ProtocolError {
            return
        } catch {
            fuzzFailure("a channel throws only ProtocolError", "\(error)")
        }
    }
}

@_cdecl("FuzzFrames_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, writeSeeds: { try SeedMessages.write(into: $0, frames: true) }, fuzzFrames)
}
