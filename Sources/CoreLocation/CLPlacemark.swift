import Foundation

/// A named place, as intents carry it: a name, a location, or both.
///
/// The subset of Core Location's class that Intents uses. On Apple's systems Intents adds
/// `placemark(with:name:postalAddress:)`; postal addresses (Contacts) are not mirrored, so the
/// factory here takes a location and a name.
open class CLPlacemark: NSObject, @unchecked Sendable {
    /// The place's name ("Golden Gate Park"), as given to `placemark(with:name:)`.
    open private(set) var name: String?
    /// Where the place is; nil for a place known only by name.
    open private(set) var location: CLLocation?
    /// The city; always nil here unless copied from another placemark, since no initializer sets it
    /// and Linux has no geocoder.
    open private(set) var locality: String?
    /// The country's name; always nil here unless copied from another placemark, for the same reason
    /// as `locality`.
    open private(set) var country: String?

    /// An empty placemark: no name, no location. `placemark(with:name:)` calls it on subclasses too.
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

    /// The name and the location, `Park @ <37.77,-122.45>`, leaving out what is nil.
    open override var description: String {
        [name, location?.description].compactMap { $0 }.joined(separator: " @ ")
    }

    /// Equal to another placemark with the same name and an equal location; locality and country
    /// are not compared.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLPlacemark else { return false }
        return name == other.name && location == other.location
    }

    /// A hash of the name and the location, consistent with `isEqual(_:)`.
    open override var hash: Int { name.hashValue ^ (location?.hash ?? 0) }
}
