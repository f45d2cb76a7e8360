import Contacts
import Foundation

/// Degrees of latitude or longitude.
public typealias CLLocationDegrees = Double
/// A distance in meters.
public typealias CLLocationDistance = Double

/// A latitude and a longitude, in degrees.
public struct CLLocationCoordinate2D: Hashable, Sendable {
    /// Degrees north of the equator, negative to the south; valid from -90 to 90, not checked here.
    public var latitude: CLLocationDegrees
    /// Degrees east of the Greenwich meridian, negative to the west; valid from -180 to 180, not
    /// checked here.
    public var longitude: CLLocationDegrees

    /// The coordinate 0, 0 (in the Gulf of Guinea), as Core Location's zero-filled struct.
    public init() {
        self.latitude = 0
        self.longitude = 0
    }

    /// A coordinate from degrees; use `CLLocationCoordinate2DIsValid(_:)` to check the range.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Makes a coordinate, as Core Location's C function does.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Whether a coordinate lies within -90...90 degrees of latitude and -180...180 of longitude.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// A place on Earth. The subset of Core Location's class that intents carry: coordinates and
/// a timestamp; no altitude, accuracy or course, which no intent parameter holds.
///
/// Immutable, copyable and securely codable, as Core Location's class.
open class CLLocation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// Where the location is, in degrees (WGS 84, as on Apple's systems).
    public let coordinate: CLLocationCoordinate2D
    /// When the location object was made: a location from an intent gets the time it was rebuilt in
    /// this process, not when the user was there.
    public let timestamp: Date

    /// A location at these coordinates, timestamped now.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        self.timestamp = Date()
        super.init()
    }

    /// Locations code securely: decoding reads numbers and a date only.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the coordinate and the timestamp.
    open func encode(with coder: NSCoder) {
        coder.encode(coordinate.latitude, forKey: "latitude")
        coder.encode(coordinate.longitude, forKey: "longitude")
        coder.encode(timestamp.timeIntervalSinceReferenceDate, forKey: "timestamp")
    }

    /// Reads what `encode(with:)` wrote; nil when the coordinate is missing.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "latitude"), coder.containsValue(forKey: "longitude") else { return nil }
        self.coordinate = CLLocationCoordinate2D(latitude: coder.decodeDouble(forKey: "latitude"),
                                                 longitude: coder.decodeDouble(forKey: "longitude"))
        // Plain values only: corelibs traps on an object of a class it was not asked for.
        self.timestamp = coder.containsValue(forKey: "timestamp") ? Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "timestamp")) : Date()
        super.init()
    }

    /// Locations are immutable: the copy is the location itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The great-circle distance to `location`, in meters (haversine, mean Earth radius).
    open func distance(from location: CLLocation) -> CLLocationDistance {
        let radius = 6_371_008.8
        let (lat1, lat2) = (coordinate.latitude * .pi / 180, location.coordinate.latitude * .pi / 180)
        let deltaLatitude = lat2 - lat1
        let deltaLongitude = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let a = sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(lat1) * cos(lat2) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    /// `<latitude,longitude>` in degrees, shorter than Core Location's, which adds accuracy and time.
    open override var description: String { "<\(coordinate.latitude),\(coordinate.longitude)>" }

    /// Equal to another location at exactly the same coordinate; timestamps are not compared.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CLLocation)?.coordinate == coordinate
    }

    /// The coordinate's hash, consistent with `isEqual(_:)`.
    open override var hash: Int { coordinate.hashValue }
}
