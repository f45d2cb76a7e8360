import ExtensionProtocol
import Foundation
import Testing

/// Binary plists that would crash Foundation on Linux are refused before it parses them.
@Suite struct BinaryPropertyListCheckTests {
    /// A binary plist of `objects` (marker and payload bytes each; references are one byte),
    /// the first being the top object.
    static func binaryPlist(_ objects: [[UInt8]]) -> [UInt8] {
        var data = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data += object
        }
        let table = UInt8(data.count)
        data += offsets
        data += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, table]
        return data
    }

    /// `{"k": {"a"}}`: a dictionary holding a set of one string. Foundation on Linux dies of
    /// SIGSEGV bridging it (found by the bundle-plist and vocabulary fuzzers).
    static let dictionaryHoldingASet = binaryPlist([[0xD1, 0x01, 0x02], [0x51, 0x6B], [0xC1, 0x03], [0x51, 0x61]])

    @Test func aSetIsRefused() {
        #expect(BinaryPropertyListCheck.problem(in: Self.dictionaryHoldingASet) == "holds a set, which a property list here never holds")
    }

    @Test func aUIDIsRefused() {
        #expect(BinaryPropertyListCheck.problem(in: Self.binaryPlist([[0xD1, 0x01, 0x02], [0x51, 0x6B], [0x80, 0x05]]))
                == "holds a keyed-archiver UID, which a property list here never holds")
    }

    @Test func everyKindAPropertyListHoldsPasses() throws {
        let plist: [String: Any] = ["string": "s", "unicode": "Ça va", "integer": 42, "negative": -7, "real": 2.5, "true": true,
                                    "false": false, "date": Date(timeIntervalSince1970: 1_000), "data": Data([1, 2, 3]),
                                    "array": [1, "two", [3.0]], "dictionary": ["nested": ["deeper": "yes"]]]
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(BinaryPropertyListCheck.problem(in: binary) == nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        #expect(BinaryPropertyListCheck.problem(in: xml) == nil, "XML cannot express a set")
    }

    @Test func aTrailerThatLiesIsRefused() {
        var lying = Self.dictionaryHoldingASet
        lying[lying.count - 17] = 0xFF  // the object count
        #expect(BinaryPropertyListCheck.problem(in: lying) == "has a binary property list trailer that does not describe its object table")
        var outside = Self.binaryPlist([[0x51, 0x61]])
        outside[outside.count - 33] = 0xF0  // the only offset, past the table
        #expect(BinaryPropertyListCheck.problem(in: outside) == "has an object offset outside its object table")
        #expect(BinaryPropertyListCheck.problem(in: Array("bplist00".utf8)) == "is too short to be a binary property list")
    }
}
