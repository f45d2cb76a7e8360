import Foundation

/// A named place, as intents carry it: a name, a location, or both.
///
/// The subset of Core Location's class that Intents uses. On Apple's systems Intents adds
/// `placemark(with:name:postalAddress:)`; postal addresses (Contacts) are not mirrored, so the
/// factory here takes a location and a name.
open class CLPlacemark: NSObject, @unchecked Sendable {
    open private(set) var name: String?
    open private(set) var location: CLLocation?
    open private(set) var locality: String?
    open private(set) var country: String?

    public required override init() {
        super.init()
    }

    /// A copy of another placemark.
    public init(placemark: CLPlacemark) {
        self.name = placemark.name
        self.location = placemark.location
        self.locality = placemark.locality
        self.country = placemark.country
        super.init()
    }

    /// A placemark for `location`, called `name`.
    open class func placemark(with location: CLLocation?, name: String?) -> Self {
        let placemark = self.init()
        placemark.name = name
        placemark.location = location
        return placemark
    }

    open override var description: String {
        [name, location?.description].compactMap { $0 }.joined(separator: " @ ")
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLPlacemark else { return false }
        return name == other.name && location == other.location
    }

    open override var hash: Int { name.hashValue ^ (location?.hash ?? 0) }
}
