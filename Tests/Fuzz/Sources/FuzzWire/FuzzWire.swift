import ExtensionProtocol
import FuzzDriver
import LocalAPI
import SystemCalls

/// Decodes the input as one frame body of the type its first byte picks: the extension
/// protocol's messages both ways and the values and payloads inside them, the local API's
/// messages both ways, and an app's system call and its result. What decodes must round-trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    switch selector % 10 {
    case 0: decode(HostToExtensionMessage.self, body)
    case 1: decode(ExtensionToHostMessage.self, body)
    case 2: decode(IntentValue.self, body)
    case 3: decode(IntentPayload.self, body)
    case 4: decode(ResolutionPayload.self, body)
    case 5: decode(PersonValue.self, body)
    case 6: decode(ClientMessage.self, body)
    case 7: decode(ServerMessage.self, body)
    case 8: decode(SystemCall.self, body)
    default: decode(SystemCallResult.self, body)
    }
    return 0
}

private func decode<Message: WireCodable>(_ type: Message.Type, _ body: [UInt8]) {
    let message: Message
    do {
        message = try FrameCodec().decode(type, from: body)
    } catch is ProtocolError {
        return
    } catch {
        fuzzFailure("the decoder throws only ProtocolError", "\(error)")
    }
    checkRoundTrip(message)
}

@_cdecl("FuzzWire_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, writeSeeds: { try SeedMessages.write(into: $0, frames: false) }, fuzzWire)
}
