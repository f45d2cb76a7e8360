/// What a deletion of donations removes: `INInteraction.delete(with:)`,
/// `delete(with groupIdentifier:)`, `deleteAll()` and `NSUserActivity.deleteSavedUserActivities`.
public enum DonationSelection: Codable, Hashable, Sendable {
    /// The donations with these identifiers (`INInteraction.identifier`).
    case identifiers([String])
    /// The donations of this group (`INInteraction.groupIdentifier`).
    case groupIdentifier(String)
    /// The user activities with these persistent identifiers.
    case persistentIdentifiers([String])
    /// Every donation of the app, or every one of a kind.
    case all(Donation.Kind?)
}
