import ExtensionProtocol

extension IntentValue {
    /// Whether the value can be one element of `parameter`: its kind, and for an enumeration
    /// one of the declared cases. An extension's options are checked with it before they are offered.
    func matches(_ parameter: ParameterSchema) -> Bool {
        switch (self, parameter.type) {
        case (.string, .string), (.integer, .integer), (.double, .double), (.integer, .double), (.boolean, .boolean),
             (.person, .person), (.object, .object), (.dateComponents, .dateComponents), (.url, .url), (.placemark, .placemark):
            return true
        case (.enumeration(let value), .enumeration):
            return parameter.enumerationCases.contains { $0.rawValue == value.rawValue }
        default:
            return false
        }
    }
}
