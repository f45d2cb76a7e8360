import ExtensionProtocol
import Foundation
import Testing

@Suite struct FrameCodecTests {
    let codec = FrameCodec()

    @Test func messageRoundTripsThroughAFrame() throws {
        let message = HostToExtensionMessage.resolve(
            requestID: 7, conversation: 3,
            intent: IntentPayload(name: "INSendMessageIntent", parameters: ["content": .string("hi")]),
            parameter: "content")
        let frame = try codec.encode(message)
        #expect(frame[0] == FrameCodec.marker)
        #expect(frame[1] == extensionProtocolVersion)
        let length = try codec.bodyLength(ofHeader: Array(frame.prefix(FrameCodec.headerSize)))
        #expect(length == frame.count - FrameCodec.headerSize)
        let decoded = try codec.decode(HostToExtensionMessage.self, from: Array(frame.dropFirst(FrameCodec.headerSize)))
        #expect(decoded == message)
    }

    @Test func headerWithoutMarkerIsRefused() {
        #expect(throws: ProtocolError(.badMarker, "A frame began with byte 0x48 instead of the marker 0xf1: the peer wrote something that is not a frame.")) {
            _ = try codec.bodyLength(ofHeader: Array("Hello!".utf8))
        }
    }

    @Test func otherProtocolVersionIsRefusedByName() throws {
        let error = #expect(throws: ProtocolError.self) {
            _ = try codec.bodyLength(ofHeader: [FrameCodec.marker, 9, 0, 0, 0, 2])
        }
        #expect(error?.code == .versionMismatch)
        #expect(error?.message == "The peer speaks protocol version 9; this end speaks version \(extensionProtocolVersion).")
    }

    @Test func oversizedFramesAreRefusedOnBothEnds() throws {
        let small = FrameCodec(maximumBodySize: 64)
        let announced = #expect(throws: ProtocolError.self) {
            _ = try small.bodyLength(ofHeader: [FrameCodec.marker, extensionProtocolVersion, 0, 0, 1, 0])
        }
        #expect(announced?.code == .frameTooLarge)
        let written = #expect(throws: ProtocolError.self) {
            _ = try small.encode(IntentPayload(name: String(repeating: "x", count: 100)))
        }
        #expect(written?.code == .frameTooLarge)
    }

    @Test func undecodableBodiesSayWhereTheyWentWrong() {
        #expect(throws: ProtocolError(.undecodable, "A frame body could not be read: HostToExtensionMessage has no case 11 at byte 1 of 1.")) {
            _ = try codec.decode(HostToExtensionMessage.self, from: [11])
        }
        #expect(throws: ProtocolError(.undecodable, "A frame body could not be read: the data ends inside a number at byte 1 of 1.")) {
            _ = try codec.decode(HostToExtensionMessage.self, from: [1])
        }
        #expect(throws: ProtocolError(.undecodable, "A frame body could not be read: a count of 200 is larger than what follows at byte 4 of 4.")) {
            _ = try codec.decode(HostToExtensionMessage.self, from: [0, 1, 200, 1])
        }
        #expect(throws: ProtocolError(.undecodable, "A frame body holds more than one HostToExtensionMessage message (3 bytes).")) {
            _ = try codec.decode(HostToExtensionMessage.self, from: [4, 1, 0])
        }
    }

    @Test(arguments: [
        ExtensionToHostMessage.ready(principalClass: "A.B", sdkVersion: "1"),
        .confined(report: ConfinementReport()),
        .described(requestID: 1, intents: [IntentSchema(name: "I", parameters: [
            ParameterSchema(name: "p", title: "P", type: .enumeration, isList: true,
                            enumerationCases: [EnumerationValue(rawValue: 2, name: "two", display: "Two")])])]),
        .resolved(requestID: 2, results: [.success(value: .integer(-3)), .disambiguation(choices: [.string("a"), .boolean(false)]),
                                          .confirmationRequired(value: nil), .needsValue, .notRequired,
                                          .unsupported(reason: UnsupportedReason(code: 1, name: "n", message: "m")), .unimplemented]),
        .responded(requestID: UInt64.max, response: ResponsePayload(
            code: 101, codeName: "failureX", category: .failure,
            output: [NamedValue(name: "kind", value: .object(ObjectValue(identifier: nil, display: "ü")))],
            userActivity: UserActivityPayload(activityType: "t", title: "T", userInfo: ["k": .double(-0.5)]))),
        .failed(requestID: 0, failure: ExtensionFailure(.noHandler, "none")),
    ])
    func extensionMessagesRoundTrip(_ message: ExtensionToHostMessage) throws {
        let frame = try codec.encode(message)
        #expect(try codec.decode(ExtensionToHostMessage.self, from: Array(frame.dropFirst(FrameCodec.headerSize))) == message)
    }

    @Test func hostMessagesRoundTrip() throws {
        let intent = IntentPayload(name: "I", identifier: "id", parameters: [
            "p": .person(PersonValue(displayName: "Bobo", handle: "@b", handleType: 2, contactIdentifier: "c", customIdentifier: "x")),
            "d": .dateComponents(DateComponentsValue(year: 2026, month: nil, day: 1, hour: 0, minute: 59)),
            "l": .list([.list([]), .integer(Int.min), .integer(Int.max)]),
        ])
        for message in [HostToExtensionMessage.describe(requestID: 1, intents: ["I", ""]), .resolve(requestID: 2, conversation: 3, intent: intent, parameter: "p"),
                        .confirm(requestID: 4, conversation: 5, intent: intent), .handle(requestID: 6, conversation: 7, intent: intent),
                        .endConversation(conversation: 8)] {
            let frame = try codec.encode(message)
            #expect(try codec.decode(HostToExtensionMessage.self, from: Array(frame.dropFirst(FrameCodec.headerSize))) == message)
        }
    }
}

@Suite struct FrameChannelTests {
    /// A connected socket pair, closed at the end of `body`.
    func withSocketPair(_ body: (Int32, Int32) throws -> Void) throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        try body(pair[0], pair[1])
    }

    @Test func framesCrossASocket() throws {
        try withSocketPair { left, right in
            let message = ExtensionToHostMessage.ready(principalClass: "A.B", sdkVersion: "1")
            try FrameChannel(fileDescriptor: left).send(message)
            let received = try FrameChannel(fileDescriptor: right).receive(ExtensionToHostMessage.self)
            #expect(received == message)
        }
    }

    @Test func cleanCloseBetweenFramesIsNil() throws {
        try withSocketPair { left, right in
            Glibc.shutdown(left, Int32(SHUT_WR))
            let received = try FrameChannel(fileDescriptor: right).receive(ExtensionToHostMessage.self)
            #expect(received == nil)
        }
    }

    @Test func closeInTheMiddleOfAFrameIsTruncation() throws {
        try withSocketPair { left, right in
            let frame = try FrameCodec().encode(ExtensionToHostMessage.ready(principalClass: "A.B", sdkVersion: "1"))
            try FrameChannel(fileDescriptor: left).writeAll(Array(frame.prefix(10)))
            Glibc.shutdown(left, Int32(SHUT_WR))
            let error = #expect(throws: ProtocolError.self) {
                _ = try FrameChannel(fileDescriptor: right).receive(ExtensionToHostMessage.self)
            }
            #expect(error?.code == .truncated)
        }
    }

    @Test func writingToAClosedPeerIsAnErrorNotASignal() throws {
        try withSocketPair { left, right in
            // Shut, not closed: withSocketPair closes it, and a second close could hit a descriptor
            // another test opened meanwhile (all test targets share one process).
            Glibc.shutdown(right, Int32(SHUT_RDWR))
            let error = #expect(throws: ProtocolError.self) {
                try FrameChannel(fileDescriptor: left).send(IntentPayload(name: "x"))
            }
            #expect(error?.code == .closed)
        }
    }
}

@Suite struct IntentValueCodingTests {
    @Test(arguments: [
        IntentValue.string("Bobo"), .integer(3), .double(2.5), .boolean(true),
        .person(PersonValue(displayName: "Bobo", handle: "@bobo", handleType: 0, contactIdentifier: "c1")),
        .object(ObjectValue(identifier: "margherita", display: "Margherita")),
        .enumeration(EnumerationValue(rawValue: 1, name: "outgoingMessageText")),
        .dateComponents(DateComponentsValue(hour: 19, minute: 30)),
        .list([.string("a"), .integer(1)]),
        .placemark(PlacemarkValue(name: "Apple Park", latitude: 37.33, longitude: -122.01,
                                  postalAddress: PostalAddressValue(street: "1 Apple Park Way", city: "Cupertino", state: "CA"))),
    ])
    func valuesRoundTrip(_ value: IntentValue) throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(IntentValue.self, from: data) == value)
    }

    /// A place without a postal address keeps protocol version 2's bytes (case 10), so that bytes
    /// written before addresses crossed still decode; one with an address is case 11.
    @Test func placemarksWithAndWithoutAnAddressOnTheWire() throws {
        let bare = IntentValue.placemark(PlacemarkValue(name: "Café", latitude: 38.71, longitude: -9.14))
        var older = WireWriter()
        older.unsigned(10)
        older.optional("Café") { $0.string($1) }
        older.optional(38.71) { $0.double($1) }
        older.optional(-9.14) { $0.double($1) }
        #expect(bare.wireBytes == older.bytes)
        #expect(try IntentValue(wireBytes: older.bytes) == bare)

        let address = PostalAddressValue(street: "Rua Augusta 1\nFloor 2", subLocality: "Baixa", city: "Lisboa", subAdministrativeArea: "Lisboa",
                                         state: "", postalCode: "1100-053", country: "Portugal", isoCountryCode: "PT")
        let addressed = IntentValue.placemark(PlacemarkValue(name: "Café", latitude: 38.71, longitude: -9.14, postalAddress: address))
        #expect(addressed.wireBytes.first == 11)
        #expect(try IntentValue(wireBytes: addressed.wireBytes) == addressed)
        let nameless = IntentValue.placemark(PlacemarkValue(name: nil, postalAddress: address))
        #expect(try IntentValue(wireBytes: nameless.wireBytes) == nameless)
        #expect(nameless.displayString == "Rua Augusta 1, Floor 2, Baixa, Lisboa, Lisboa, 1100-053, Portugal")
        // An address cut short is refused, not read as a shorter place.
        #expect(throws: ProtocolError.self) { try IntentValue(wireBytes: Array(addressed.wireBytes.dropLast(3))) }
    }

    @Test func valueWithTwoKindsIsRefused() {
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(IntentValue.self, from: Data(#"{"string":"a","integer":1}"#.utf8))
        }
    }

    @Test func displayStringsAreWhatAPersonReads() {
        #expect(IntentValue.person(PersonValue(displayName: "Bobo", handle: "@bobo.jungle")).displayString == "Bobo (@bobo.jungle)")
        #expect(IntentValue.dateComponents(DateComponentsValue(year: 2026, month: 11, day: 2, hour: 9, minute: 5)).displayString == "2026-11-02 09:05")
    }
}

/// Frames are hostile input: nesting and element counts are bounded before they cost the
/// reader its stack or its memory.
@Suite struct WireLimitTests {
    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let deep = [UInt8](Array([[UInt8]](repeating: [8, 1], count: 20_000).joined())) + [3, 0]
        var reader = WireReader(deep)
        let error = #expect(throws: ProtocolError.self) { try reader.value(IntentValue.self) }
        #expect(error?.message == "A frame body could not be read: values are nested more than 64 deep at byte 128 of 40002.")
        let allowed = [UInt8](Array([[UInt8]](repeating: [8, 1], count: 63).joined())) + [3, 1]
        var fine = WireReader(allowed)
        var value = try fine.value(IntentValue.self)
        for _ in 0..<63 {
            guard case .list(let inner) = value, inner.count == 1 else { Issue.record("not a list: \(value)"); return }
            value = inner[0]
        }
        #expect(value == .boolean(true))
    }

    @Test func moreElementsThanTheLimitAreRefused() throws {
        var writer = WireWriter()
        writer.value(IntentValue.list([IntentValue](repeating: .boolean(false), count: WireReader.maximumElements + 1)))
        var reader = WireReader(writer.bytes)
        let error = #expect(throws: ProtocolError.self) { try reader.value(IntentValue.self) }
        #expect(error?.message == "A frame body could not be read: the frame holds more than 65536 elements at byte 4 of 131078.")
    }
}
