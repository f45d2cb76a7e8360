import Foundation
import ExtensionProtocol

/// A file an intent takes or returns: its name, type and content, or a URL to it.
///
/// It crosses the process boundary as an object whose display string is the file name; its
/// content travels base64-encoded, so keep files small (frames are capped at 16 MiB).
open class INFile: NSObject, NSSecureCoding, NSCopying {
    /// The file's content; empty for a file made from a URL, whose content is not read.
    open private(set) var data: Data
    /// The name shown for the file (`menu.pdf`), also its display string when it crosses to the host.
    open var filename: String
    /// A uniform type identifier such as `public.jpeg`.
    open private(set) var typeIdentifier: String?
    /// Where the file is, for a file made from a URL; nil for one made from data. The URL crosses
    /// to the host as it is: the extension's sandbox may not let the other side read it.
    open private(set) var fileURL: URL?

    /// A file carried by value. Its bytes cross the process boundary base64-encoded, inside one
    /// frame of at most 16 MiB, so keep it well under 12 MiB.
    public required init(data: Data, filename: String, typeIdentifier: String?) {
        self.data = data
        self.filename = filename
        self.typeIdentifier = typeIdentifier
        super.init()
    }

    /// A file carried by reference: only the URL crosses. The filename defaults to the URL's last
    /// path component.
    public required init(fileURL: URL, filename: String?, typeIdentifier: String?) {
        self.data = Data()
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.typeIdentifier = typeIdentifier
        super.init()
    }

    /// True: a file archives with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the file as it crosses the process boundary: its name, type, and its content or
    /// its URL (the file at a URL is not read).
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        IntentArchive.encode(intentValue, into: coder)
    }

    /// Reads a file archived by `encode(with:)`; nil when the archive is not one.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        guard let read = IntentArchive.decodeObject(INFile.self, from: coder) else { return nil }
        data = read.data
        filename = read.filename
        typeIdentifier = read.typeIdentifier
        fileURL = read.fileURL
        super.init()
    }

    /// A file of the same class with the same content, name, type and URL; changing the copy's
    /// `filename` leaves this file's alone.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The new file.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self(data: data, filename: filename, typeIdentifier: typeIdentifier)
        copy.fileURL = fileURL
        return copy
    }

    /// Equal to another file with the same content, name, type and URL.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INFile else { return false }
        return data == other.data && filename == other.filename && typeIdentifier == other.typeIdentifier && fileURL == other.fileURL
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int { filename.hashValue ^ data.count }

    /// The filename and the size of the carried data, `INFile(menu.pdf, 2048 bytes)`.
    open override var description: String { "INFile(\(filename), \(data.count) bytes)" }
}

extension INFile: IntentValueCodable {
    public static var intentValueType: ValueType { .object }

    public var intentValue: IntentValue {
        var properties: [String: IntentValue] = [:]
        if !data.isEmpty { properties["data"] = .string(data.base64EncodedString()) }
        if let typeIdentifier { properties["typeIdentifier"] = .string(typeIdentifier) }
        return .object(ObjectValue(identifier: fileURL?.absoluteString, display: filename, properties: properties))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .object(let object) = value else { return nil }
        var typeIdentifier: String?
        if case .string(let type)? = object.properties["typeIdentifier"] { typeIdentifier = type }
        if let identifier = object.identifier, let url = URL(string: identifier), url.scheme != nil {
            return Self(fileURL: url, filename: object.display, typeIdentifier: typeIdentifier)
        }
        var data = Data()
        if case .string(let encoded)? = object.properties["data"] {
            guard let decoded = Data(base64Encoded: encoded) else { return nil }
            data = decoded
        }
        return Self(data: data, filename: object.display, typeIdentifier: typeIdentifier)
    }
}
