import Contacts
import CoreLocation
import Foundation

extension CLPlacemark {
    /// A placemark for a location, with a name and a postal address, as an app makes one for
    /// an intent (a pickup place, a reminder's place).
    ///
    /// Intents adds this initializer to Core Location's class on Apple's systems, and so does
    /// this SDK. The address's parts also fill the placemark's `locality`, `postalCode`,
    /// `country` and the other address fields.
    /// - Parameters:
    ///   - location: Where the place is.
    ///   - name: The place's name ("Apple Park"), or nil.
    ///   - postalAddress: The place's postal address, or nil; the placemark keeps a copy.
    public convenience init(location: CLLocation, name: String?, postalAddress: CNPostalAddress?) {
        self.init(placemark: CLPlacemark.placemark(with: location, name: name))
        setPostalAddress(postalAddress)
    }
}
