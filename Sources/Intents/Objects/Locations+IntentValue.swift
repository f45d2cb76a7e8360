import Foundation
import Contacts
import CoreLocation
import ExtensionProtocol

/// A place crosses as its name, coordinates and postal address (`PlacemarkValue`); the fields
/// that come from the address (locality, country...) are made again from it on the other side.
extension CLPlacemark: IntentValueCodable {
    public static var intentValueType: ValueType { .placemark }

    public var intentValue: IntentValue {
        .placemark(PlacemarkValue(name: name, latitude: location?.coordinate.latitude, longitude: location?.coordinate.longitude,
                                  postalAddress: postalAddress.map(PostalAddressValue.init)))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .placemark(let place) = value else { return nil }
        let location = place.latitude.flatMap { latitude in place.longitude.map { CLLocation(latitude: latitude, longitude: $0) } }
        let placemark = placemark(with: location, name: place.name)
        if let address = place.postalAddress { placemark.setPostalAddress(CNPostalAddress(address)) }
        return placemark
    }
}

extension PostalAddressValue {
    /// The parts of a Contacts postal address.
    init(_ address: CNPostalAddress) {
        self.init(street: address.street, subLocality: address.subLocality, city: address.city,
                  subAdministrativeArea: address.subAdministrativeArea, state: address.state, postalCode: address.postalCode,
                  country: address.country, isoCountryCode: address.isoCountryCode)
    }
}

extension CNPostalAddress {
    /// An immutable postal address with the parts of `value`.
    convenience init(_ value: PostalAddressValue) {
        let address = CNMutablePostalAddress()
        address.street = value.street
        address.subLocality = value.subLocality
        address.city = value.city
        address.subAdministrativeArea = value.subAdministrativeArea
        address.state = value.state
        address.postalCode = value.postalCode
        address.country = value.country
        address.isoCountryCode = value.isoCountryCode
        self.init()
        setParts(from: address)
    }
}

/// A URL crosses as its absolute string; text that is not a URL makes no value.
extension URL: IntentValueCodable {
    public static var intentValueType: ValueType { .url }
    public var intentValue: IntentValue { .url(absoluteString) }
    public static func fromIntentValue(_ value: IntentValue) -> URL? {
        guard case .url(let address) = value else { return nil }
        return URL(string: address)
    }
}

/// Generated code holds string options as `NSString`, as Xcode's `INObjectCollection<NSString>`.
extension NSString: IntentValueCodable {
    public static var intentValueType: ValueType { .string }
    public var intentValue: IntentValue { .string(self as String) }
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .string(let text) = value else { return nil }
        return Self(string: text)
    }
}
