import Foundation

/// Degrees of latitude or longitude.
public typealias CLLocationDegrees = Double
/// A distance in meters.
public typealias CLLocationDistance = Double

/// A latitude and a longitude, in degrees.
public struct CLLocationCoordinate2D: Hashable, Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
        self.latitude = 0
        self.longitude = 0
    }

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
open class CLLocation: NSObject, @unchecked Sendable {
    public let coordinate: CLLocationCoordinate2D
    public let timestamp: Date

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        self.timestamp = Date()
        super.init()
    }

    /// The great-circle distance to `location`, in meters (haversine, mean Earth radius).
    open func distance(from location: CLLocation) -> CLLocationDistance {
        let radius = 6_371_008.8
        let (lat1, lat2) = (coordinate.latitude * .pi / 180, location.coordinate.latitude * .pi / 180)
        let deltaLatitude = lat2 - lat1
        let deltaLongitude = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let a = sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(lat1) * cos(lat2) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    open override var description: String { "<\(coordinate.latitude),\(coordinate.longitude)>" }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CLLocation)?.coordinate == coordinate
    }

    open override var hash: Int { coordinate.hashValue }
}
