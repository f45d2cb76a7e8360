import Contacts
import Foundation

/// An image attached to a person or an object. The host does not display images;
/// the type exists so that code written for SiriKit compiles unchanged.
open class INImage: NSObject, NSSecureCoding, NSCopying {
    /// The image's encoded bytes (PNG, JPEG...), for an image made from data; never decoded here.
    public let imageData: Data?
    /// Where the image is, for an image made from a URL; never loaded here.
    public let url: URL?

    /// An image from its encoded bytes. Images do not cross to the host.
    public init(imageData: Data) {
        self.imageData = imageData
        self.url = nil
        super.init()
    }

    /// An image at `url`; never nil here, though Apple's initializer may be, so callers keep
    /// unwrapping it.
    public init?(url: URL) {
        self.imageData = nil
        self.url = url
        super.init()
    }

    /// True: an image archives with `NSKeyedArchiver` under secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Archives the image's bytes, or its URL.
    /// - Parameter coder: A keyed coder (`NSKeyedArchiver`).
    open func encode(with coder: NSCoder) {
        guard coder.allowsKeyedCoding else { return }
        coder.encode(IntentArchive.version, forKey: IntentArchive.versionKey)
        if let imageData { coder.encodeInlineBytes(Array(imageData), forKey: "imageData") }
        IntentArchive.encode(url?.absoluteString, forKey: "url", into: coder)
    }

    /// Reads an image archived by `encode(with:)`; nil when the archive has neither bytes nor a URL.
    /// - Parameter coder: A keyed coder (`NSKeyedUnarchiver`).
    public required init?(coder: NSCoder) {
        let data = coder.allowsKeyedCoding ? coder.decodeInlineBytes(forKey: "imageData").map { Data($0) } : nil
        let url = coder.allowsKeyedCoding ? IntentArchive.string(forKey: "url", from: coder).flatMap(URL.init(string:)) : nil
        guard data != nil || url != nil else {
            IntentArchive.fail(coder, "The archive is not an INImage.")
            return nil
        }
        self.imageData = data
        self.url = url
        super.init()
    }

    /// The same image: an image cannot change, so the copy is the image itself, as for Apple's
    /// immutable Foundation objects.
    /// - Parameter zone: Unused, as in Swift on Apple's systems.
    /// - Returns: The image.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal to another image with the same bytes and URL.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? INImage else { return false }
        return imageData == other.imageData && url == other.url
    }

    /// A hash consistent with `isEqual(_:)`.
    open override var hash: Int { imageData?.hashValue ?? url?.hashValue ?? 0 }
}
