import ExtensionProtocol
import Foundation

/// How values are kept: property lists in binary form, `Codable` values as JSON, each behind a
/// one-byte tag so that a reader knows which. `Int`, `Double`, `Bool` and `String` values, the
/// common case, skip JSON (whose coders cost tens of microseconds on Linux).
enum SharedStoreValue {
    static let propertyListTag: UInt8 = 1
    static let codableTag: UInt8 = 2
    static let integerTag: UInt8 = 3
    static let doubleTag: UInt8 = 4
    static let booleanTag: UInt8 = 5
    static let stringTag: UInt8 = 6

    static func encode(propertyList value: Any, key: String) throws -> Data {
        guard PropertyListSerialization.propertyList(value, isValidFor: .binary) else {
            throw SharedStoreError(.notAPropertyList, "The value for \"\(key)\" is a \(type(of: value)), not a property-list value; store it with set(codable:forKey:).")
        }
        return Data([propertyListTag]) + (try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
    }

    static func decodePropertyList(_ data: Data, key: String) throws -> Any {
        if let value = scalar(data) { return value }
        guard let tag = data.first else { throw SharedStoreError(.decodingFailed, "The value of \"\(key)\" is empty.") }
        let body = data.dropFirst()
        if tag == codableTag {
            return try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        }
        // Another process (an extension) may have written anything here: a set in a binary
        // plist would crash this one inside Foundation.
        if let problem = BinaryPropertyListCheck.problem(in: body) {
            throw SharedStoreError(.decodingFailed, "The value of \"\(key)\" \(problem).")
        }
        return try PropertyListSerialization.propertyList(from: body, format: nil)
    }

    static func encode<Value: Encodable>(codable value: Value) throws -> Data {
        switch value {
        case let number as Int: return withUnsafeBytes(of: Int64(number).littleEndian) { Data([integerTag]) + Data($0) }
        case let number as Double: return withUnsafeBytes(of: number.bitPattern.littleEndian) { Data([doubleTag]) + Data($0) }
        case let flag as Bool: return Data([booleanTag, flag ? 1 : 0])
        case let text as String: return Data([stringTag]) + Data(text.utf8)
        default: return Data([codableTag]) + (try JSONEncoder().encode(value))
        }
    }

    /// A scalar stored by the fast path, if `data` holds one.
    private static func scalar(_ data: Data) -> Any? {
        guard let tag = data.first else { return nil }
        let body = data.dropFirst()
        switch tag {
        case integerTag where body.count == 8: return Int(Int64(littleEndian: body.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }))
        case doubleTag where body.count == 8: return Double(bitPattern: UInt64(littleEndian: body.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
        case booleanTag where body.count == 1: return body.first == 1
        case stringTag: return String(decoding: body, as: UTF8.self)
        default: return nil
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, key: String) throws -> Value {
        if let value = scalar(data) {
            guard let typed = value as? Value else {
                throw SharedStoreError(.decodingFailed, "The value of \"\(key)\" is a \(Swift.type(of: value)), not a \(type).")
            }
            return typed
        }
        do {
            guard data.first == codableTag else {
                throw SharedStoreError(.decodingFailed, "The value of \"\(key)\" is a property-list value, not a \(type).")
            }
            return try JSONDecoder().decode(type, from: data.dropFirst())
        } catch let error as SharedStoreError {
            throw error
        } catch {
            throw SharedStoreError(.decodingFailed, "The value of \"\(key)\" cannot be read as a \(type): \(error).")
        }
    }
}
