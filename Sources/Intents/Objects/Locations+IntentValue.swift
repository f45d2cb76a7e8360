import Foundation
import CoreLocation
import ExtensionProtocol

/// A place crosses as its name and coordinates only: its locality and country stay in the
/// process.
extension CLPlacemark: IntentValueConvertible {
    public static var intentValueType: ValueType { .placemark }

    public var intentValue: IntentValue {
        .placemark(PlacemarkValue(name: name, latitude: location?.coordinate.latitude, longitude: location?.coordinate.longitude))
    }

    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .placemark(let place) = value else { return nil }
        let location = place.latitude.flatMap { latitude in place.longitude.map { CLLocation(latitude: latitude, longitude: $0) } }
        return placemark(with: location, name: place.name)
    }
}

/// A URL crosses as its absolute string; text that is not a URL makes no value.
extension URL: IntentValueConvertible {
    public static var intentValueType: ValueType { .url }
    public var intentValue: IntentValue { .url(absoluteString) }
    public static func fromIntentValue(_ value: IntentValue) -> URL? {
        guard case .url(let address) = value else { return nil }
        return URL(string: address)
    }
}

/// Generated code holds string options as `NSString`, as Xcode's `INObjectCollection<NSString>`.
extension NSString: IntentValueConvertible {
    public static var intentValueType: ValueType { .string }
    public var intentValue: IntentValue { .string(self as String) }
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        guard case .string(let text) = value else { return nil }
        return Self(string: text)
    }
}
