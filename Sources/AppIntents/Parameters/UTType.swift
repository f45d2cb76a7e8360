/// A uniform type identifier: what kind of content a file holds (`public.png`).
///
/// Linux form: Apple's `UTType` is in UniformTypeIdentifiers, which Linux has not; this stand-in
/// has its identifier, its preferred filename extension, and the static members code commonly
/// names (`.image`, `.png`, `.pdf`, `.plainText`...). Remove `import UniformTypeIdentifiers`, or
/// keep it behind `#if canImport(UniformTypeIdentifiers)`. It knows no type hierarchy:
/// `conforms(to:)` is true only for the same type and for the few kinds listed under it.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The identifier, `public.png`.
    public let identifier: String
    /// The usual filename extension, `png`, if any.
    public let preferredFilenameExtension: String?
    private let supertypes: [String]

    init(identifier: String, filenameExtension: String? = nil, supertypes: [String] = []) {
        self.identifier = identifier
        self.preferredFilenameExtension = filenameExtension
        self.supertypes = supertypes
    }

    /// The type with this identifier: one of the known types, or a new type of no known kind.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self = UTType.known.first { $0.identifier == identifier } ?? UTType(identifier: identifier)
    }

    /// The known type whose usual extension is `filenameExtension`, ignoring case; nil for none.
    public init?(filenameExtension: String) {
        let lowered = filenameExtension.lowercased()
        guard let found = UTType.known.first(where: { $0.preferredFilenameExtension == lowered }) else { return nil }
        self = found
    }

    /// The usual MIME type, `image/png`, for the known types that have one.
    public var preferredMIMEType: String? {
        UTType.mimeTypes[identifier]
    }

    private static let mimeTypes: [String: String] = [
        "public.plain-text": "text/plain", "public.utf8-plain-text": "text/plain", "public.json": "application/json",
        "public.html": "text/html", "public.xml": "application/xml", "public.comma-separated-values-text": "text/csv",
        "public.png": "image/png", "public.jpeg": "image/jpeg", "public.heic": "image/heic", "com.compuserve.gif": "image/gif",
        "com.adobe.pdf": "application/pdf", "public.mp3": "audio/mpeg", "public.mpeg-4": "video/mp4",
        "public.zip-archive": "application/zip", "public.vcard": "text/vcard", "public.calendar-event": "text/calendar",
    ]

    /// Whether a value of this type is a `type`: the same type, or one of its kinds.
    public func conforms(to type: UTType) -> Bool {
        self == type || supertypes.contains(type.identifier) || type == .item || (type == .data && identifier != UTType.folder.identifier)
    }

    /// The identifier.
    public var description: String { identifier }

    public static let item = UTType(identifier: "public.item")
    public static let content = UTType(identifier: "public.content", supertypes: ["public.item"])
    public static let data = UTType(identifier: "public.data", supertypes: ["public.item"])
    public static let folder = UTType(identifier: "public.folder", supertypes: ["public.item"])
    public static let text = UTType(identifier: "public.text", supertypes: ["public.data", "public.content"])
    public static let plainText = UTType(identifier: "public.plain-text", filenameExtension: "txt", supertypes: ["public.text", "public.data", "public.content"])
    public static let utf8PlainText = UTType(identifier: "public.utf8-plain-text", supertypes: ["public.plain-text", "public.text"])
    public static let json = UTType(identifier: "public.json", filenameExtension: "json", supertypes: ["public.text", "public.data"])
    public static let html = UTType(identifier: "public.html", filenameExtension: "html", supertypes: ["public.text", "public.data"])
    public static let xml = UTType(identifier: "public.xml", filenameExtension: "xml", supertypes: ["public.text", "public.data"])
    public static let commaSeparatedText = UTType(identifier: "public.comma-separated-values-text", filenameExtension: "csv", supertypes: ["public.text"])
    public static let image = UTType(identifier: "public.image", supertypes: ["public.data", "public.content"])
    public static let png = UTType(identifier: "public.png", filenameExtension: "png", supertypes: ["public.image"])
    public static let jpeg = UTType(identifier: "public.jpeg", filenameExtension: "jpeg", supertypes: ["public.image"])
    public static let heic = UTType(identifier: "public.heic", filenameExtension: "heic", supertypes: ["public.image"])
    public static let gif = UTType(identifier: "com.compuserve.gif", filenameExtension: "gif", supertypes: ["public.image"])
    public static let pdf = UTType(identifier: "com.adobe.pdf", filenameExtension: "pdf", supertypes: ["public.data", "public.content"])
    public static let audio = UTType(identifier: "public.audio", supertypes: ["public.data", "public.content"])
    public static let mp3 = UTType(identifier: "public.mp3", filenameExtension: "mp3", supertypes: ["public.audio"])
    public static let movie = UTType(identifier: "public.movie", supertypes: ["public.data", "public.content"])
    public static let video = UTType(identifier: "public.video", supertypes: ["public.movie"])
    public static let mpeg4Movie = UTType(identifier: "public.mpeg-4", filenameExtension: "mp4", supertypes: ["public.movie"])
    public static let zip = UTType(identifier: "public.zip-archive", filenameExtension: "zip", supertypes: ["public.data"])
    public static let url = UTType(identifier: "public.url", supertypes: ["public.data"])
    public static let fileURL = UTType(identifier: "public.file-url", supertypes: ["public.url"])
    public static let vCard = UTType(identifier: "public.vcard", filenameExtension: "vcf", supertypes: ["public.text"])
    public static let calendarEvent = UTType(identifier: "public.calendar-event", filenameExtension: "ics", supertypes: ["public.data"])

    static let known: [UTType] = [
        item, content, data, folder, text, plainText, utf8PlainText, json, html, xml, commaSeparatedText, image, png, jpeg, heic, gif, pdf, audio, mp3, movie, video, mpeg4Movie, zip, url, fileURL, vCard, calendarEvent,
    ]
}
