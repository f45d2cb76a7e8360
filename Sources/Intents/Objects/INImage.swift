import Foundation

/// An image attached to a person or an object. The host does not display images;
/// the type exists so that code written for SiriKit compiles unchanged.
open class INImage: NSObject {
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
}
