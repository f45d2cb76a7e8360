/// A file an intent takes or returns: in memory (`data`) or on disk (`fileURL`), with its name
/// and content type.
///
///     @Parameter(title: "Image", supportedContentTypes: [.image]) var image: IntentFile
///
/// Linux form: the host cannot carry files yet, so an intent with an `IntentFile` parameter is
/// described to the host with an `unavailableReason` and refused alone; the extension's other
/// intents still serve. The type is here so that such code builds unchanged.
public struct IntentFile: _IntentValue, Sendable {
    /// The file's contents, read from `fileURL` when the file is on disk (empty when unreadable).
    public var data: Data {
        if let storedData { return storedData }
        return fileURL.flatMap { try? Data(contentsOf: $0) } ?? Data()
    }
    /// The file on disk, if any.
    public private(set) var fileURL: URL?
    /// The name the user reads.
    public var filename: String
    /// The content type, if known.
    public var type: UTType?
    /// Whether the system deletes the file once the intent is done.
    public var removedOnCompletion = false
    private var storedData: Data?

    /// A file held in memory.
    public init(data: Data, filename: String, type: UTType? = nil) {
        self.storedData = data
        self.filename = filename
        self.type = type
    }

    /// A file on disk; its name is the URL's last component unless given.
    public init(fileURL: URL, filename: String? = nil, type: UTType? = nil) {
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.type = type ?? UTType(filenameExtension: fileURL.pathExtension)
    }
}

extension IntentParameter where Value.ValueType == IntentFile {
    /// A file parameter that accepts files of `supportedContentTypes`.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value.UnwrappedType? = nil, supportedContentTypes: [UTType] = [],
                            requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }

    /// A file parameter that accepts files of the uniform type identifiers given.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value.UnwrappedType? = nil, supportedTypeIdentifiers: [String],
                            requestValueDialog: IntentDialog? = nil, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title, description: description, default: defaultValue, requestValueDialog: requestValueDialog)
    }
}
