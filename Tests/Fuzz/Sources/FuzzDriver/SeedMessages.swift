import ExtensionProtocol
import Foundation

/// Messages like those a conversation exchanges, to start the frame and wire corpora from.
public enum SeedMessages {
    static let person = PersonValue(displayName: "Bobo Banana", handle: "+15550100", handleType: 2, contactIdentifier: "bobo-1")
    static let values: [IntentValue] = [
        .string("Please send more bananas"), .integer(-42), .double(19.5), .boolean(true), .person(person),
        .object(ObjectValue(identifier: "pep", display: "Pepperoni", pronunciationHint: "pep")),
        .enumeration(EnumerationValue(rawValue: 2, name: "large", display: "Large")),
        .dateComponents(DateComponentsValue(hour: 19, minute: 30)),
        .list([.string("Bacon"), .list([.integer(1), .person(person)])]),
        .url("https://coffee.example/menu"), .placemark(PlacemarkValue(name: "Café", latitude: 38.71, longitude: -9.14)),
        .placemark(PlacemarkValue(name: nil, latitude: 38.71, longitude: -9.14, postalAddress: PostalAddressValue(
            street: "Rua Augusta 1", city: "Lisboa", postalCode: "1100-053", country: "Portugal", isoCountryCode: "PT"))),
        .object(ObjectValue(identifier: "latte", display: "Latte", properties: [
            "origins": .list([.string("Brazil")]), "recipe": .url("https://coffee.example/latte"), "caffeinated": .boolean(true)])),
    ]
    static let intent = IntentPayload(name: "INSendMessageIntent", identifier: "A1B2",
                                      parameters: ["recipients": .list([.person(person)]), "content": .string("hi")])

    static let hostMessages: [HostToExtensionMessage] = [
        .describe(requestID: 1, intents: ["INSendMessageIntent", "OrderPizzaIntent"]),
        .resolve(requestID: 2, conversation: 7, intent: intent, parameter: "recipients"),
        .confirm(requestID: 3, conversation: 7, intent: intent),
        .handle(requestID: 4, conversation: 7, intent: intent),
        .endConversation(conversation: 7),
        .assign(principalClass: "MonkeyChatIntents.IntentHandler", policy: "{\"confine\":true}"),
        .provideOptions(requestID: 6, conversation: 7, intent: intent, parameter: "recipients"),
    ]

    static let extensionMessages: [ExtensionToHostMessage] = [
        .ready(principalClass: "MonkeyChatIntents.IntentHandler", sdkVersion: "1.0"),
        .resolved(requestID: 2, results: [.success(value: .person(person)), .disambiguation(choices: values),
                                          .confirmationRequired(value: .integer(3)), .needsValue, .notRequired,
                                          .unsupported(reason: UnsupportedReason(code: 1, name: "noAccount", message: "No account.")),
                                          .unimplemented]),
        .responded(requestID: 4, response: ResponsePayload(code: 3, codeName: "success", category: .success,
                                                           output: [NamedValue(name: "sentMessages", value: .list(values))],
                                                           userActivity: UserActivityPayload(activityType: "com.example.order", title: "Order",
                                                                                             userInfo: ["kind": .string("pep")]))),
        .failed(requestID: 5, failure: ExtensionFailure(.unknownIntent, "No handler for FooIntent.")),
        .provided(requestID: 6, options: values),
        .described(requestID: 1, intents: [IntentSchema(name: "OrderCoffeeIntent", parameters: [
            ParameterSchema(name: "drink", title: "drink", type: .object, providesOptions: true),
            ParameterSchema(name: "pickup", type: .placemark)], title: "Order Coffee", userConfirmationRequired: true)]),
    ]

    /// Writes one file per message into `folder`: whole frames for the frame target (first byte
    /// 0 for the host's messages, 1 for the extension's), bodies for the wire target.
    public static func write(into folder: String, frames: Bool) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let codec = FrameCodec()
        var seeds: [[UInt8]] = []
        for message in hostMessages { seeds.append([0] + (try codec.encode(message)).dropFirst(frames ? 0 : FrameCodec.headerSize)) }
        for message in extensionMessages { seeds.append([1] + (try codec.encode(message)).dropFirst(frames ? 0 : FrameCodec.headerSize)) }
        if !frames {
            for value in values { seeds.append([2] + (try codec.encode(value)).dropFirst(FrameCodec.headerSize)) }
            seeds.append([3] + (try codec.encode(intent)).dropFirst(FrameCodec.headerSize))
        } else {
            // Several frames in one stream, as a conversation sends them.
            seeds.append([1] + (try extensionMessages.flatMap { try codec.encode($0) }))
        }
        for (index, seed) in seeds.enumerated() {
            try Data(seed).write(to: URL(fileURLWithPath: "\(folder)/seed-\(index)"))
        }
    }
}
