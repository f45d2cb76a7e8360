import ExtensionProtocol
import Foundation

/// A property list read from disk, XML or binary, with typed, fault-reporting accessors.
struct PropertyListFile {
    let path: String
    let root: [String: Any]

    /// The largest property list read: a bundle's plists are a few kilobytes.
    static let maximumSize = 1 << 20

    /// Reads the plist at `path`; its top level must be a dictionary. It must be a regular file
    /// of at most `maximumSize` bytes that resolves inside the folder holding it (the bundle's):
    /// a plist is never read through a symlink out of its bundle, nor from a FIFO or a device.
    /// - Throws: `BundleFault` (`.missingInfoPlist`, `.malformedPropertyList`, `.fileOutsideBundle`).
    init(path: String) throws {
        self.path = path
        let data = try Self.contents(of: path)
        ParsedPropertyLists.current?.record(path, data)
        guard Self.isXMLOrBinary(data) else {
            throw BundleFault(.malformedPropertyList, path: path, "\(path) is not a property list in XML or binary form.")
        }
        if let problem = BinaryPropertyListCheck.problem(in: data) {
            throw BundleFault(.malformedPropertyList, path: path, "\(path) \(problem).")
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw BundleFault(.malformedPropertyList, path: path,
                              "\(path) is not a valid property list (XML or binary): \(Self.reason(error)).")
        }
        guard let dictionary = object as? [String: Any] else {
            throw BundleFault(.malformedPropertyList, path: path, "\(path) must hold a dictionary at its top level.")
        }
        self.root = dictionary
    }

    /// Whether `data` begins as a binary plist or an XML document does (after a byte-order mark
    /// or white space). Xcode writes nothing else; anything else would reach Foundation's
    /// OpenStep parser, which prints its complaints on this process's stderr.
    private static func isXMLOrBinary(_ data: Data) -> Bool {
        if data.starts(with: Array("bplist".utf8)) { return true }
        let byteOrderMarks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE]]
        if byteOrderMarks.contains(where: { data.starts(with: $0) }) { return true }
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "<")
    }

    private static func contents(of path: String) throws -> Data {
        guard let folder = RealPath.of((path as NSString).deletingLastPathComponent) else {
            throw BundleFault(.missingInfoPlist, path: path, "\(path) does not exist or cannot be read.")
        }
        switch BundleFile.open(path, inside: folder) {
        case .failure(.missing):
            throw BundleFault(.missingInfoPlist, path: path, "\(path) does not exist or cannot be read.")
        case .failure(let problem):
            throw BundleFault(.fileOutsideBundle, path: path, "\(path) \(problem.clause).")
        case .success(let file):
            defer { close(file.descriptor) }
            var status = stat()
            guard fstat(file.descriptor, &status) == 0, status.st_size <= maximumSize else {
                throw BundleFault(.malformedPropertyList, path: path,
                                  "\(path) has \(status.st_size) bytes, more than the \(maximumSize) a property list may have here.")
            }
            let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: false)
            let data: Data
            do {
                data = try handle.read(upToCount: maximumSize + 1) ?? Data()
            } catch {
                throw BundleFault(.missingInfoPlist, path: path, "\(path) cannot be read: \(HostError.reason(error)).")
            }
            guard data.count <= maximumSize else {
                throw BundleFault(.malformedPropertyList, path: path, "\(path) grew past the \(maximumSize) bytes a property list may have here.")
            }
            return data
        }
    }

    /// A required string at `keyPath` (keys from the top level down).
    func string(_ keyPath: [String], in dictionary: [String: Any]? = nil) throws -> String {
        let value = try required(keyPath, in: dictionary)
        guard let text = value as? String, !text.isEmpty else {
            throw wrongType(keyPath, expected: "a non-empty string")
        }
        return try bounded(text, keyPath)
    }

    /// The longest string a bundle's plist may hold for a key, in UTF-8 bytes: far above any
    /// name or sentence a user is shown, far below what would swell every catalog the host sends.
    static let maximumStringBytes = 4096

    /// `text`, unless it is longer than `maximumStringBytes`.
    private func bounded(_ text: String, _ keyPath: [String]) throws -> String {
        guard text.utf8.count <= Self.maximumStringBytes else {
            throw fault(.invalidValue, keyPath, "In \(path), \(keyPath.joined(separator: " > ")) is \(text.utf8.count) bytes long; at most \(Self.maximumStringBytes) are allowed.")
        }
        return text
    }

    /// A required name at `keyPath`, checked by `BundleName` as a `kind`.
    /// - Throws: `BundleFault` (`.invalidName`) naming the file, the key and the value.
    func name(_ keyPath: [String], as kind: BundleName.Kind) throws -> String {
        try checked(try string(keyPath), keyPath, kind)
    }

    /// An optional array of names; each is checked by `BundleName` as a `kind`.
    func names(_ keyPath: [String], as kind: BundleName.Kind, in dictionary: [String: Any]? = nil) throws -> [String]? {
        try strings(keyPath, in: dictionary)?.map { try checked($0, keyPath, kind) }
    }

    /// `value`, when `BundleName` accepts it as a `kind`.
    /// - Throws: `BundleFault` (`.invalidName`) naming the file, the key and the value.
    func checked(_ value: String, _ keyPath: [String], _ kind: BundleName.Kind) throws -> String {
        guard let problem = BundleName.problem(with: value, as: kind) else { return value }
        throw fault(.invalidName, keyPath, "In \(path), \(keyPath.joined(separator: " > ")) \(value.quotedForDisplay) \(problem).")
    }

    /// An optional string; present but not a string is a fault.
    func optionalString(_ keyPath: [String], in dictionary: [String: Any]? = nil) throws -> String? {
        guard let value = lookup(keyPath, in: dictionary) else { return nil }
        guard let text = value as? String else { throw wrongType(keyPath, expected: "a string") }
        return try bounded(text, keyPath)
    }

    /// A required dictionary at `keyPath`.
    func dictionary(_ keyPath: [String]) throws -> [String: Any] {
        let value = try required(keyPath, in: nil)
        guard let dictionary = value as? [String: Any] else { throw wrongType(keyPath, expected: "a dictionary") }
        return dictionary
    }

    /// An array of dictionaries at `keyPath` (the last key looked up in `dictionary` when given);
    /// empty when absent unless `required`.
    func dictionaries(_ keyPath: [String], in dictionary: [String: Any]? = nil, required: Bool = false) throws -> [[String: Any]] {
        guard let value = entry(keyPath, in: dictionary) else {
            if required { throw fault(.missingKey, keyPath, "\(path) lacks the key \(keyPath.joined(separator: " > ")).") }
            return []
        }
        guard let array = value as? [[String: Any]] else { throw wrongType(keyPath, expected: "an array of dictionaries") }
        return array
    }

    /// An optional array of strings; nil when absent. With `dictionary`, the last key is looked up in it.
    func strings(_ keyPath: [String], in dictionary: [String: Any]? = nil) throws -> [String]? {
        guard let value = entry(keyPath, in: dictionary) else { return nil }
        guard let array = value as? [Any] else { throw wrongType(keyPath, expected: "an array of strings") }
        return try array.map { element in
            guard let text = element as? String, !text.isEmpty else {
                throw wrongType(keyPath, expected: "an array of non-empty strings")
            }
            return try bounded(text, keyPath)
        }
    }

    /// The value at `keyPath` from the top level, or under its last key in `dictionary` (an
    /// element of an array, whose full path the faults still name).
    private func entry(_ keyPath: [String], in dictionary: [String: Any]?) -> Any? {
        guard let dictionary else { return lookup(keyPath, in: nil) }
        return keyPath.last.flatMap { dictionary[$0] }
    }

    func fault(_ code: BundleFault.Code, _ keyPath: [String], _ message: String) -> BundleFault {
        BundleFault(code, path: path, key: keyPath.joined(separator: " > "), message)
    }

    private func required(_ keyPath: [String], in dictionary: [String: Any]?) throws -> Any {
        guard let value = lookup(keyPath, in: dictionary) else {
            throw fault(.missingKey, keyPath, "\(path) lacks the key \(keyPath.joined(separator: " > ")).")
        }
        return value
    }

    private func lookup(_ keyPath: [String], in dictionary: [String: Any]?) -> Any? {
        var current: Any? = dictionary ?? root
        for key in keyPath {
            current = (current as? [String: Any])?[key]
        }
        return current
    }

    private func wrongType(_ keyPath: [String], expected: String) -> BundleFault {
        fault(.wrongType, keyPath, "In \(path), \(keyPath.joined(separator: " > ")) must be \(expected).")
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }
}
