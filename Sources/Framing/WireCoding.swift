/// The binary coding of frame bodies: varints, length-prefixed UTF-8 strings, tagged enums.
/// Hand-written for speed: Foundation's JSON coders cost tens of microseconds per message.
public protocol WireCodable {
    func write(to writer: inout WireWriter)
    init(from reader: inout WireReader) throws
}

/// Appends values to a byte buffer.
public struct WireWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {
        bytes.reserveCapacity(256)
    }

    public mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Zigzag-encoded, so that small negative numbers stay short.
    public mutating func int(_ value: Int) {
        unsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func double(_ value: Double) { unsigned(value.bitPattern) }

    public mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Bytes as they are, after their count (a value coded apart, carried whole).
    public mutating func blob(_ value: [UInt8]) {
        unsigned(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    public mutating func optional<Value>(_ value: Value?, _ write: (inout WireWriter, Value) -> Void) {
        guard let value else { return bool(false) }
        bool(true)
        write(&self, value)
    }

    public mutating func array<Value>(_ values: [Value], _ write: (inout WireWriter, Value) -> Void) {
        unsigned(UInt64(values.count))
        for value in values { write(&self, value) }
    }

    public mutating func value(_ value: some WireCodable) { value.write(to: &self) }
}

/// Reads values back; every read checks the bounds and throws `ProtocolError(.undecodable)`.
///
/// A frame is hostile input: nesting deeper than `maximumDepth` (a list in a list...) and more
/// than `maximumElements` array elements in one frame are refused, so that no frame can
/// exhaust the reader's stack or memory.
public struct WireReader {
    /// The deepest nesting of values a frame may hold.
    public static let maximumDepth = 64
    /// The most array and dictionary elements a frame may hold, all arrays together.
    public static let maximumElements = 65_536

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0
    private var elements = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isAtEnd: Bool { offset == bytes.count }

    public func fault(_ what: String) -> ProtocolError {
        ProtocolError(.undecodable, "A frame body could not be read: \(what) at byte \(offset) of \(bytes.count).")
    }

    public mutating func unsigned() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw fault("the data ends inside a number") }
            guard shift < 64 else { throw fault("a number is too long") }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    public mutating func int() throws -> Int {
        let raw = try unsigned()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    public mutating func bool() throws -> Bool { try unsigned() != 0 }

    public mutating func double() throws -> Double { Double(bitPattern: try unsigned()) }

    public mutating func count() throws -> Int {
        let count = try unsigned()
        guard count <= UInt64(bytes.count - offset) else { throw fault("a count of \(count) is larger than what follows") }
        return Int(count)
    }

    /// The count of an array or dictionary, charged to the frame's element budget.
    public mutating func elementCount() throws -> Int {
        let count = try count()
        elements += count
        guard elements <= Self.maximumElements else {
            throw fault("the frame holds more than \(Self.maximumElements) elements")
        }
        return count
    }

    public mutating func string() throws -> String {
        let length = try count()
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// Bytes written by `WireWriter.blob(_:)`.
    public mutating func blob() throws -> [UInt8] {
        let length = try count()
        defer { offset += length }
        return Array(bytes[offset..<offset + length])
    }

    public mutating func optional<Value>(_ read: (inout WireReader) throws -> Value) throws -> Value? {
        try bool() ? try read(&self) : nil
    }

    public mutating func array<Value>(_ read: (inout WireReader) throws -> Value) throws -> [Value] {
        let count = try elementCount()
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    public mutating func value<Value: WireCodable>(_ type: Value.Type = Value.self) throws -> Value {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fault("values are nested more than \(Self.maximumDepth) deep") }
        return try Value(from: &self)
    }

    /// A tag for an enum case, checked against the number of cases.
    public mutating func tag(below limit: Int, of type: String) throws -> Int {
        let tag = try unsigned()
        guard tag < UInt64(limit) else { throw fault("\(type) has no case \(tag)") }
        return Int(tag)
    }
}

extension WireCodable {
    /// The value alone in the wire coding (a value one message carries inside another, such as
    /// an app's system call in `AppRequest`).
    public var wireBytes: [UInt8] {
        var writer = WireWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// The value `wireBytes` wrote, every byte read.
    /// - Throws: `ProtocolError` (`.undecodable`) for bytes that are not one value.
    public init(wireBytes: [UInt8]) throws {
        var reader = WireReader(wireBytes)
        self = try reader.value()
        guard reader.isAtEnd else { throw reader.fault("bytes after the value") }
    }
}
