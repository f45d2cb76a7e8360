import Foundation

/// An image attached to a person or an object. The host does not display images;
/// the type exists so that code written for SiriKit compiles unchanged.
open class INImage: NSObject {
    public let imageData: Data?
    public let url: URL?

    public init(imageData: Data) {
        self.imageData = imageData
        self.url = nil
        super.init()
    }

    public init?(url: URL) {
        self.imageData = nil
        self.url = url
        super.init()
    }
}
