import Foundation

/// Writes a postal address as text, the way an envelope shows it.
open class CNPostalAddressFormatter: Formatter, @unchecked Sendable {
    /// How an address is written.
    @objc public enum Style: Int, Sendable {
        /// As on an envelope: the street, then the city line, then the country.
        case mailingAddress = 0
    }

    /// How this formatter writes addresses; only ``Style/mailingAddress``.
    open var style: Style = .mailingAddress

    /// A formatter for mailing addresses.
    public override init() {
        super.init()
    }

    /// A formatter read from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The address on lines: the street's lines, the sub-locality, then the city, the state
    /// and the postal code on one line (`Cupertino CA 95014`), then the sub-administrative
    /// area and the country. Empty parts and empty lines are left out; there is no
    /// per-country ordering.
    open func string(from postalAddress: CNPostalAddress) -> String {
        Self.string(from: postalAddress, style: style)
    }

    /// The address written in `style`, as `string(from:)` writes it.
    open class func string(from postalAddress: CNPostalAddress, style: Style) -> String {
        let cityLine = [postalAddress.city, postalAddress.state, postalAddress.postalCode].filter { !$0.isEmpty }.joined(separator: " ")
        let lines = postalAddress.street.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            + [postalAddress.subLocality, cityLine, postalAddress.subAdministrativeArea, postalAddress.country]
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The address's text for an address object; nil for anything else.
    open override func string(for obj: Any?) -> String? {
        (obj as? CNPostalAddress).map { string(from: $0) }
    }
}
