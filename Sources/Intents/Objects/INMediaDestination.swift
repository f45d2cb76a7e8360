import Foundation
import ExtensionProtocol

/// Where added media goes: the user's library, or a playlist by name.
///
/// It crosses the process boundary as an object displayed `library` or as the playlist's
/// name; a user's `library` is the library and any other name a playlist.
public enum INMediaDestination: Hashable, Sendable {
    /// The user's own library, which a user names by typing `library`.
    case library
    /// The playlist with this name; the SDK does not check that it exists.
    case playlist(String)

    /// The playlist's name, for a playlist.
    public var playlistName: String? {
        guard case .playlist(let name) = self else { return nil }
        return name
    }
}

extension INMediaDestination: IntentValueCodable {
    public static var intentValueType: ValueType { .object }

    public var intentValue: IntentValue {
        switch self {
        case .library:
            return .object(ObjectValue(identifier: nil, display: "library", properties: ["mediaDestinationType": .string("library")]))
        case .playlist(let name):
            return .object(ObjectValue(identifier: nil, display: name, properties: ["mediaDestinationType": .string("playlist"),
                                                                                      "playlistName": .string(name)]))
        }
    }

    public static func fromIntentValue(_ value: IntentValue) -> INMediaDestination? {
        guard case .object(let object) = value else { return nil }
        switch object.properties["mediaDestinationType"] {
        case .string("library")?:
            return .library
        case .string("playlist")?:
            guard case .string(let name)? = object.properties["playlistName"], !name.isEmpty else { return nil }
            return .playlist(name)
        case nil:
            guard !object.display.isEmpty else { return nil }
            return object.display.lowercased() == "library" ? .library : .playlist(object.display)
        default:
            return nil
        }
    }
}

/// Resolves a parameter that holds a media destination.
open class INMediaDestinationResolutionResult: INIntentResolutionResult {
    /// The destination is right: the parameter takes it and the host moves on.
    public class func success(with resolvedMediaDestination: INMediaDestination) -> Self { success(resolvedMediaDestination) }
    /// The host asks the user to pick one of these, then resolves the pick again.
    public class func disambiguation(with mediaDestinationsToDisambiguate: [INMediaDestination]) -> Self {
        disambiguation(mediaDestinationsToDisambiguate)
    }
    /// The host asks the user to confirm the destination (the given one when nil); a no asks for another.
    public class func confirmationRequired(with mediaDestinationToConfirm: INMediaDestination?) -> Self {
        confirmation(mediaDestinationToConfirm)
    }
}
