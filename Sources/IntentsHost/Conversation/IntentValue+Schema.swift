import ExtensionProtocol

extension IntentValue {
    /// The value as an option the host may offer for `parameter`, or nil when it cannot be
    /// one: another kind, an enumeration case the parameter does not declare (shown with the
    /// parameter's own words for it, not the extension's), a number that is not finite, a place
    /// off the globe, or a URL longer than a user could type.
    func asOption(of parameter: ParameterSchema) -> IntentValue? {
        switch (self, parameter.type) {
        case (.string, .string), (.integer, .integer), (.integer, .double), (.boolean, .boolean),
             (.person, .person), (.object, .object), (.dateComponents, .dateComponents):
            return self
        case (.double(let number), .double):
            return number.isFinite ? self : nil
        case (.url(let address), .url):
            return address.utf8.count <= ValueParser.maximumURLLength ? self : nil
        case (.placemark(let place), .placemark):
            guard ValueParser.isOnTheGlobe(latitude: place.latitude, longitude: place.longitude) else { return nil }
            return place.name == nil && (place.latitude == nil || place.longitude == nil) ? nil : self
        case (.enumeration(let value), .enumeration):
            return parameter.enumerationCases.first { $0.rawValue == value.rawValue }.map { .enumeration($0) }
        default:
            return nil
        }
    }
}
