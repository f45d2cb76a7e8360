import Contacts
import CoreLocation
import ExtensionProtocol
import Foundation
@testable import Intents
import Testing

/// The Contacts subset, and placemarks with a postal address as apps make them (SoupChef's
/// `CLPlacemark(location:name:postalAddress:)`), across the boundary and through secure coding.
@Suite struct ContactsAndPlacemarkTests {
    static func cupertino() -> CNMutablePostalAddress {
        let address = CNMutablePostalAddress()
        address.street = "1 Apple Park Way"
        address.city = "Cupertino"
        address.state = "CA"
        address.postalCode = "95014"
        address.country = "United States"
        address.isoCountryCode = "US"
        return address
    }

    /// A secure archive of `object`, read back as `type`.
    static func roundTrip<Object: NSObject & NSSecureCoding>(_ object: Object, as type: Object.Type) throws -> Object? {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: data)
    }

    @Test func placemarksTakeAPostalAddressAsSoupChefGivesOne() throws {
        let address = Self.cupertino()
        let place = CLPlacemark(location: CLLocation(latitude: 37.3349, longitude: -122.009), name: "Apple Park", postalAddress: address)
        address.city = "Changed later"
        #expect(place.postalAddress?.city == "Cupertino", "the placemark keeps a copy")
        #expect(place.postalAddress.map { type(of: $0) == CNPostalAddress.self } == true, "the copy is immutable")
        #expect(place.locality == "Cupertino" && place.administrativeArea == "CA" && place.postalCode == "95014")
        #expect(place.thoroughfare == "1 Apple Park Way" && place.isoCountryCode == "US" && place.country == "United States")
        #expect(place.subLocality == nil, "an empty part is no field")
        #expect(CLPlacemark(location: CLLocation(latitude: 1, longitude: 2), name: nil, postalAddress: nil).postalAddress == nil)
    }

    @Test func theAddressCrossesWithThePlacemark() throws {
        let place = CLPlacemark(location: CLLocation(latitude: 37.3349, longitude: -122.009), name: "Apple Park",
                                postalAddress: Self.cupertino())
        guard case .placemark(let value) = place.intentValue else { Issue.record("not a placemark value"); return }
        #expect(value.postalAddress == PostalAddressValue(street: "1 Apple Park Way", city: "Cupertino", state: "CA", postalCode: "95014",
                                                          country: "United States", isoCountryCode: "US"))
        // Through the wire coding, as it reaches the host and comes back.
        let received = try IntentValue(wireBytes: place.intentValue.wireBytes)
        let rebuilt = try #require(CLPlacemark.fromIntentValue(received))
        #expect(rebuilt == place)
        #expect(rebuilt.locality == "Cupertino" && rebuilt.postalCode == "95014")
        // A place known only by name and address (no coordinates) crosses too.
        let byAddress = try #require(CLPlacemark.fromIntentValue(.placemark(PlacemarkValue(name: nil, postalAddress: value.postalAddress))))
        #expect(byAddress.location == nil && byAddress.locality == "Cupertino")
        #expect(CLPlacemark.placemark(with: nil, name: "Home").intentValue == .placemark(PlacemarkValue(name: "Home")))
    }

    @Test func locationsPlacemarksAndAddressesCodeSecurely() throws {
        let location = CLLocation(latitude: 38.7223, longitude: -9.1393)
        let decodedLocation = try #require(try Self.roundTrip(location, as: CLLocation.self))
        #expect(decodedLocation == location)
        #expect(abs(decodedLocation.timestamp.timeIntervalSince(location.timestamp)) < 0.001)
        #expect(CLLocation.supportsSecureCoding && CLPlacemark.supportsSecureCoding && CNPostalAddress.supportsSecureCoding)

        let place = CLPlacemark(location: location, name: "Lisbon", postalAddress: Self.cupertino())
        let decodedPlace = try #require(try Self.roundTrip(place, as: CLPlacemark.self))
        #expect(decodedPlace == place && decodedPlace.locality == "Cupertino")
        let nameOnly = try #require(try Self.roundTrip(CLPlacemark.placemark(with: nil, name: "Home"), as: CLPlacemark.self))
        #expect(nameOnly.name == "Home" && nameOnly.location == nil && nameOnly.postalAddress == nil)

        let address = try #require(try Self.roundTrip(Self.cupertino().copy() as! CNPostalAddress, as: CNPostalAddress.self))
        #expect(address == Self.cupertino())
        #expect(place.copy() as? CLPlacemark === place && location.copy() as? CLLocation === location, "immutable: copies are the objects")
    }

    @Test func postalAddressesCopyAsContactsDoes() throws {
        let mutable = Self.cupertino()
        let frozen = try #require(mutable.copy() as? CNPostalAddress)
        #expect(type(of: frozen) == CNPostalAddress.self && frozen == mutable)
        #expect(frozen.copy() as? CNPostalAddress === frozen)
        let thawed = try #require(frozen.mutableCopy() as? CNMutablePostalAddress)
        thawed.street = "2 Infinite Loop"
        #expect(frozen.street == "1 Apple Park Way" && thawed != frozen)
        #expect(CNPostalAddressFormatter().string(from: mutable) == "1 Apple Park Way\nCupertino CA 95014\nUnited States")
        #expect(CNPostalAddressFormatter.string(from: CNPostalAddress(), style: .mailingAddress) == "")
        #expect(CNPostalAddress.localizedString(forKey: CNPostalAddressPostalCodeKey) == "ZIP")
    }

    @Test func contactsHoldLabeledValues() throws {
        let contact = CNMutableContact()
        contact.givenName = "John"
        contact.familyName = "Appleseed"
        contact.nickname = "Johnny"
        contact.phoneNumbers = [CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: "+1 555 0100"))]
        contact.emailAddresses = [CNLabeledValue(label: CNLabelWork, value: "john@example.com" as NSString)]
        contact.postalAddresses = [CNLabeledValue(label: CNLabelHome, value: Self.cupertino().copy() as! CNPostalAddress)]
        #expect(contact.description == "John Appleseed")
        #expect(CNLabeledValue<CNPhoneNumber>.localizedString(forLabel: CNLabelPhoneNumberMobile) == "mobile")
        #expect(CNLabeledValue<NSString>.localizedString(forLabel: CNLabelPhoneNumberWorkFax) == "work fax")
        #expect(CNLabeledValue<NSString>.localizedString(forLabel: "Cottage") == "Cottage")

        let number = contact.phoneNumbers[0]
        let relabeled = number.settingLabel(CNLabelPhoneNumberMain)
        #expect(relabeled.identifier == number.identifier && relabeled.label == CNLabelPhoneNumberMain && relabeled.value == number.value)
        #expect(CNLabeledValue(label: nil, value: CNPhoneNumber(stringValue: "1")).identifier != number.identifier)

        let frozen = try #require(contact.copy() as? CNContact)
        #expect(type(of: frozen) == CNContact.self && frozen.identifier == contact.identifier && frozen.givenName == "John")
        let decoded = try #require(try Self.roundTrip(frozen, as: CNContact.self))
        #expect(decoded.identifier == contact.identifier && decoded.familyName == "Appleseed" && decoded.nickname == "Johnny")
        #expect(decoded.phoneNumbers.map(\.value.stringValue) == ["+1 555 0100"])
        #expect(decoded.phoneNumbers.first?.identifier == number.identifier && decoded.phoneNumbers.first?.label == CNLabelPhoneNumberMobile)
        #expect(decoded.emailAddresses.map { $0.value as String } == ["john@example.com"])
        #expect(decoded.postalAddresses.first?.value.city == "Cupertino" && decoded.postalAddresses.first?.label == CNLabelHome)
        #expect(try #require(try Self.roundTrip(CNPhoneNumber(stringValue: "+1 555 0100"), as: CNPhoneNumber.self)).stringValue == "+1 555 0100")
    }
}
