import CoreLocation
import ExtensionProtocol
import Foundation
@testable import Intents
import SharedGreetings
import Testing

// The classes an archive names must be top-level: swift-corelibs-foundation's NSStringFromClass
// traps on a nested class.

public enum TipIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
    case successWithTip = 100
}

/// A custom response shaped as generated ones are (a designated `init(code:userActivity:)` and a
/// stored typed `code`), conforming to NSSecureCoding as `INIntentResponse`'s documentation says.
final class TipIntentResponse: INIntentResponse, NSSecureCoding {
    @IntentParameter(valueType: .double) var tip: NSNumber?
    private(set) var code: TipIntentResponseCode = .unspecified

    static var supportsSecureCoding: Bool { true }

    required init() { super.init() }

    init(code: TipIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
        self.code = code
    }

    required override init?(coder: NSCoder) {
        super.init(coder: coder)
        code = TipIntentResponseCode(rawValue: responseCodeRawValue) ?? .unspecified
    }

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TipIntentResponse
        copy.code = code
        return copy
    }
}

/// A custom response of the shape a generated one would have with NSSecureCoding: its typed
/// `code` reads the base's, so decoding and copying keep it with no code of its own.
public class ReadsItsCodeIntentResponse: INIntentResponse, NSSecureCoding {
    @IntentParameter public var tip: String?
    public var code: TipIntentResponseCode { TipIntentResponseCode(rawValue: responseCodeRawValue) ?? .unspecified }
    public class var supportsSecureCoding: Bool { true }
    public required override init?(coder: NSCoder) { super.init(coder: coder) }
    public required init() { super.init() }
    public init(code: TipIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
    }
}

/// NSSecureCoding and NSCopying on the SDK's classes, through swift-corelibs-foundation's
/// NSKeyedArchiver and NSKeyedUnarchiver, as apps archive them into their app group.
@Suite struct ArchivingTests {
    /// A value as it is after crossing the process boundary once, which is how values nested in
    /// another archive: a speakable string made with `init(spokenPhrase:)` gets its phrase as
    /// vocabulary identifier, as a name the user typed does.
    static func crossed<Value: IntentValueCodable>(_ value: Value) throws -> Value {
        try #require(Value.fromIntentValue(value.intentValue))
    }

    static func archive(_ object: Any) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    }

    static func roundTrip<Object: NSObject & NSSecureCoding>(_ object: Object) throws -> Object {
        try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: Object.self, from: archive(object)))
    }

    static func task(_ title: String, identifier: String) -> INTask {
        let place = CLPlacemark.placemark(with: CLLocation(latitude: 38.7, longitude: -9.1), name: "Home")
        return INTask(title: INSpeakableString(vocabularyIdentifier: identifier, spokenPhrase: title, pronunciationHint: nil),
                      status: .notCompleted, taskType: .completable,
                      spatialEventTrigger: INSpatialEventTrigger(placemark: place, event: .arrive),
                      temporalEventTrigger: INTemporalEventTrigger(dateComponentsRange: INDateComponentsRange(
                        startDateComponents: DateComponents(year: 2026, month: 11, day: 27, hour: 9, minute: 30), endDateComponents: nil)),
                      createdDateComponents: DateComponents(year: 2026, month: 11, day: 20), modifiedDateComponents: nil,
                      identifier: identifier, priority: .flagged)
    }

    static func person(_ name: String, _ handle: String) -> INPerson {
        var components = PersonNameComponents()
        components.givenName = name
        components.familyName = "Moreira"
        return INPerson(personHandle: INPersonHandle(value: handle, type: .emailAddress, label: .work), nameComponents: components,
                        displayName: nil, image: INImage(imageData: Data([0x89, 0x50, 0x4E, 0x47])),
                        contactIdentifier: "c-\(name)", customIdentifier: "u-\(name)")
    }

    /// Which classes conform, as on Apple's systems: the value classes, intents and system
    /// responses do; resolution results do not (Apple's are NSObject alone).
    @Test func theDataClassesConformAndResolutionResultsDoNot() throws {
        let secure: [AnyClass] = [INIntent.self, INObject.self, INPerson.self, INPersonHandle.self, INSpeakableString.self,
                                  INCurrencyAmount.self, INImage.self, INFile.self, INTask.self, INTaskList.self, INNote.self,
                                  INNoteContent.self, INMessage.self, INSpatialEventTrigger.self, INTemporalEventTrigger.self,
                                  INDateComponentsRange.self, INCallRecord.self, INCallRecordFilter.self, INPaymentRecord.self,
                                  INPaymentMethod.self, INPaymentAccount.self, INBalanceAmount.self, INMediaItem.self,
                                  INMediaSearch.self, INRideOption.self, INRideStatus.self, INAddTasksIntentResponse.self,
                                  INSendMessageIntentResponse.self, ProbeDrink.self, ProbeOrderIntent.self]
        for type in secure {
            #expect((type as? NSSecureCoding.Type)?.supportsSecureCoding == true, "\(type)")
            #expect(type is NSCopying.Type, "\(type)")
        }
        #expect(!(INIntentResolutionResult.self is NSCoding.Type))
        #expect(!(INTaskListResolutionResult.self is NSCoding.Type))
        #expect(INIntentResponse.self is NSCopying.Type && !(INIntentResponse.self is NSCoding.Type),
                "the base copies and archives, but only subclasses that declare it conform")
    }

    /// Every system intent, empty, archives and comes back as its own class.
    @Test func everySystemIntentRoundTripsAsItsClass() throws {
        for (name, type) in IntentClassLookup.systemIntents {
            let intent = type.init()
            intent.identifier = "id-\(name)"
            let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: INIntent.self, from: Self.archive(intent)), "\(name)")
            #expect(Swift.type(of: back) == type && back.identifier == "id-\(name)", "\(name)")
            #expect(Swift.type(of: intent.copy() as AnyObject) == type, "\(name)")
        }
    }

    @Test func aPersonWithItsHandleRoundTrips() throws {
        let person = Self.person("Kiki", "kiki@example.com")
        let back = try Self.roundTrip(person)
        #expect(back == person)
        #expect(back.displayName == "Kiki Moreira")
        #expect(back.personHandle?.value == "kiki@example.com" && back.personHandle?.type == .emailAddress)
        #expect(back.personHandle?.label == .work, "the label stays in the process, but is archived")
        #expect(back.nameComponents?.givenName == "Kiki" && back.nameComponents?.familyName == "Moreira")
        #expect(back.image?.imageData == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(back.contactIdentifier == "c-Kiki" && back.customIdentifier == "u-Kiki")

        // A person known only by name keeps having no handle.
        let named = INPerson(personHandle: INPersonHandle(value: nil, type: .unknown), nameComponents: nil, displayName: "Bobo",
                             image: nil, contactIdentifier: nil, customIdentifier: nil)
        named.personHandle = nil
        #expect(try Self.roundTrip(named).personHandle == nil)
        #expect(try Self.roundTrip(INPersonHandle(value: "+1 555 0100", type: .phoneNumber)) == INPersonHandle(value: "+1 555 0100", type: .phoneNumber))
    }

    /// As a task app stores its tasks: an array archived under secure coding, read back with
    /// `unarchivedArrayOfObjects(ofClass:from:)` (a Linux addition of the SDK: corelibs lacks it).
    @Test func anArrayOfTasksRoundTrips() throws {
        let tasks = [Self.task("Milk", identifier: "t1"), Self.task("Eggs", identifier: "t2")]
        let data = try Self.archive(tasks)
        let back = try #require(try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: data))
        #expect(back == tasks)
        #expect(back[0].temporalEventTrigger?.dateComponentsRange.startDateComponents?.minute == 30)
        #expect(back[0].spatialEventTrigger?.placemark.name == "Home")
        #expect(back[1].title.vocabularyIdentifier == "t2" && back[1].priority == .flagged)
        let viaClasses = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, INTask.self], from: data) as? [INTask]
        #expect(viaClasses == tasks)
        // The root is one task, not an array: refused, not trapped.
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: try Self.archive(tasks[0])) }
    }

    @Test func taskListsNotesAndMessagesRoundTrip() throws {
        let list = INTaskList(title: INSpeakableString(spokenPhrase: "Groceries"), tasks: [Self.task("Milk", identifier: "t1")],
                              groupName: INSpeakableString(spokenPhrase: "Home"), createdDateComponents: DateComponents(year: 2026, month: 1, day: 2),
                              modifiedDateComponents: nil, identifier: "groceries")
        let listBack = try Self.roundTrip(list)
        #expect(listBack == (try Self.crossed(list)))
        #expect(listBack.title.vocabularyIdentifier == "Groceries", "nested, the phrase became the identifier")
        #expect(listBack.tasks.first?.title.spokenPhrase == "Milk")

        let note = INNote(title: INSpeakableString(spokenPhrase: "Ideas"), contents: [INNoteContent(text: "Archive everything")],
                          groupName: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "n1")
        let noteBack = try Self.roundTrip(note)
        #expect(noteBack == (try Self.crossed(note)))
        #expect(noteBack.contents.first?.text == "Archive everything")

        let message = INMessage(identifier: "m1", conversationIdentifier: "c1", content: "See you at 9",
                                dateSent: Date(timeIntervalSince1970: 1_795_000_000), sender: Self.person("Ada", "ada@example.com"),
                                recipients: [Self.person("Bobo", "bobo@example.com")], groupName: nil, messageType: .text, serviceName: "Chat")
        let messageBack = try Self.roundTrip(message)
        #expect(messageBack == message)
        #expect(messageBack.sender?.displayName == "Ada Moreira")
        #expect(messageBack.dateSent == message.dateSent)
        #expect(messageBack.messageType == .text)
    }

    /// A system intent comes back as its own class, with its parameters, identifier and
    /// description; read as `INIntent`, it is still the subclass.
    @Test func aSystemIntentRoundTripsAsItsOwnClass() throws {
        let intent = INSendMessageIntent(recipients: [Self.person("Bobo", "bobo@example.com")], outgoingMessageType: .outgoingMessageText,
                                         content: "bananas", speakableGroupName: nil, conversationIdentifier: "c1",
                                         serviceName: nil, sender: nil, attachments: nil)
        intent.identifier = "A1B2"
        intent.suggestedInvocationPhrase = "Tell Bobo"
        let back = try Self.roundTrip(intent)
        #expect(back.payload == intent.payload)
        #expect(back.identifier == "A1B2")
        #expect(back.recipients?.first?.personHandle?.label == nil, "parameters archive as they cross the boundary")
        #expect(back.content == "bananas" && back.outgoingMessageType == .outgoingMessageText)
        #expect(back.suggestedInvocationPhrase == "Tell Bobo")

        let tasks = INAddTasksIntent(targetTaskList: INTaskList(title: INSpeakableString(spokenPhrase: "Garden"), tasks: [], groupName: nil,
                                                                createdDateComponents: nil, modifiedDateComponents: nil, identifier: "garden"),
                                     taskTitles: [INSpeakableString(spokenPhrase: "Rake")], spatialEventTrigger: nil,
                                     temporalEventTrigger: nil, priority: .flagged)
        let asIntent = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: INIntent.self, from: Self.archive(tasks)))
        let typed = try #require(asIntent as? INAddTasksIntent)
        #expect(typed.payload == (try INAddTasksIntent.make(from: tasks.payload)).payload)
        #expect(typed.targetTaskList?.identifier == "garden" && typed.priority == .flagged)
    }

    /// A system response comes back with its typed code, outputs and user activity.
    @Test func aSystemResponseRoundTrips() throws {
        let activity = NSUserActivity(activityType: "org.example.todo.show")
        activity.title = "Groceries"
        activity.userInfo = ["list": "groceries", "count": 2]
        let response = INAddTasksIntentResponse(code: .success, userActivity: activity)
        response.addedTasks = [Self.task("Milk", identifier: "t1")]
        response.modifiedTaskList = INTaskList(title: INSpeakableString(spokenPhrase: "Groceries"), tasks: [], groupName: nil,
                                               createdDateComponents: nil, modifiedDateComponents: nil, identifier: "groceries")
        let back = try Self.roundTrip(response)
        #expect(back.code == .success)
        #expect(back.addedTasks == response.addedTasks)
        #expect(back.modifiedTaskList == (try Self.crossed(try #require(response.modifiedTaskList))))
        #expect(back.userActivity?.activityType == "org.example.todo.show" && back.userActivity?.title == "Groceries")
        #expect(back.userActivity?.userInfo?["list"] as? String == "groceries")
        #expect(back.userActivity?.userInfo?["count"] as? Int == 2)
        // No activity stays none (the SDK's default one is made only when sending to the host).
        #expect(try Self.roundTrip(INAddTasksIntentResponse(code: .failure, userActivity: nil)).userActivity == nil)
    }

    /// Generated custom classes: an INObject subclass with its own properties, an intent with it,
    /// an enum, a decimal and a place, and a custom response that follows the documented recipe.
    @Test func customObjectsIntentsAndResponsesRoundTrip() throws {
        let drink = ProbeDrink(identifier: "latte", display: "Latte", pronunciationHint: "lah-tay")
        drink.caffeinated = NSNumber(value: true)
        drink.origins = ["Brazil", "Ethiopia"]
        drink.recipe = URL(string: "https://coffee.example/latte")
        drink.subtitleString = "Milky"
        drink.alternativeSpeakableMatches = [INSpeakableString(spokenPhrase: "caffè latte")]
        let drinkBack = try Self.roundTrip(drink)
        #expect(drinkBack == drink && drinkBack.pronunciationHint == "lah-tay")
        #expect(drinkBack.caffeinated?.boolValue == true && drinkBack.origins == ["Brazil", "Ethiopia"] && drinkBack.recipe == drink.recipe)
        #expect(drinkBack.subtitleString == "Milky")
        #expect(drinkBack.alternativeSpeakableMatches?.map(\.spokenPhrase) == ["caffè latte"])

        let order = ProbeOrderIntent()
        order.drink = drink
        order.cup = .large
        order.strength = NSNumber(value: 1.5)
        order.pickup = CLPlacemark.placemark(with: CLLocation(latitude: 38.71, longitude: -9.14), name: "Café Central")
        order.identifier = "order-1"
        let orderBack = try Self.roundTrip(order)
        #expect(orderBack.payload == order.payload)
        #expect(orderBack.identifier == "order-1")
        #expect(orderBack.drink?.origins == ["Brazil", "Ethiopia"] && orderBack.cup == .large && orderBack.strength?.doubleValue == 1.5)
        #expect(orderBack.pickup?.name == "Café Central")

        let reading = ReadsItsCodeIntentResponse(code: .successWithTip, userActivity: nil)
        reading.tip = "thanks"
        let readingBack = try Self.roundTrip(reading)
        #expect(readingBack.code == .successWithTip && readingBack.tip == "thanks")
        #expect((reading.copy() as? ReadsItsCodeIntentResponse)?.code == .successWithTip)

        let response = TipIntentResponse(code: .successWithTip, userActivity: nil)
        response.tip = NSNumber(value: 2.5)
        let responseBack = try Self.roundTrip(response)
        #expect(responseBack.code == .successWithTip && responseBack.tip?.doubleValue == 2.5)
        #expect(responseBack.payload(defaultActivityType: "x") == response.payload(defaultActivityType: "x"))
    }

    /// Copies are equal and independent: changing a copy leaves the original alone.
    @Test func copiesAreEqualAndIndependent() throws {
        let intent = ProbeIntent()
        intent.item = INObject(identifier: "i1", display: "Item")
        intent.friends = [Self.person("Ada", "ada@example.com")]
        intent.identifier = "p1"
        let intentCopy = try #require(intent.copy() as? ProbeIntent)
        #expect(intentCopy !== intent && intentCopy.payload == intent.payload)
        intentCopy.count = 3
        intentCopy.item = INObject(identifier: "i2", display: "Other")
        #expect(intent.count == nil && intent.item?.identifier == "i1")

        let drink = ProbeDrink(identifier: "latte", display: "Latte")
        drink.origins = ["Brazil"]
        let drinkCopy = try #require(drink.copy() as? ProbeDrink)
        drinkCopy.origins = ["Kenya"]
        drinkCopy.subtitleString = "changed"
        #expect(drink.origins == ["Brazil"] && drink.subtitleString == nil)

        let task = Self.task("Milk", identifier: "t1")
        let taskCopy = try #require(task.copy() as? INTask)
        #expect(taskCopy == task && taskCopy !== task && taskCopy.title !== task.title)

        let person = Self.person("Kiki", "kiki@example.com")
        let personCopy = try #require(person.copy() as? INPerson)
        #expect(personCopy == person && personCopy.personHandle !== person.personHandle && personCopy.nameComponents == person.nameComponents)

        let file = INFile(data: Data("menu".utf8), filename: "menu.txt", typeIdentifier: "public.plain-text")
        let fileCopy = try #require(file.copy() as? INFile)
        fileCopy.filename = "other.txt"
        #expect(file.filename == "menu.txt" && fileCopy.data == file.data)

        let response = TipIntentResponse(code: .success, userActivity: NSUserActivity(activityType: "tip"))
        response.tip = NSNumber(value: 1)
        let responseCopy = try #require(response.copy() as? TipIntentResponse)
        responseCopy.tip = NSNumber(value: 5)
        responseCopy.userActivity?.title = "changed"
        #expect(responseCopy.code == .success && responseCopy.userActivity?.activityType == "tip")
        #expect(response.tip?.intValue == 1 && response.userActivity?.title == nil)
        let system = INAddTasksIntentResponse(code: .inProgress, userActivity: nil)
        #expect((system.copy() as? INAddTasksIntentResponse)?.code == .inProgress)
    }

    /// A damaged archive is refused with an error from the unarchiver, never a trap: bytes that
    /// are no archive, a cut archive, wire bytes of an unknown kind or of another kind, an
    /// unknown class, a newer format.
    @Test func corruptArchivesFailCleanly() throws {
        let task = Self.task("Milk", identifier: "t1")
        let data = try Self.archive([task])
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: Data("not an archive".utf8)) }
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: data.prefix(data.count / 2)) }

        // The wire form's first byte is the value's kind (5, an object): make it 127, then 4 (a person).
        let wire = Data(task.intentValue.wireBytes)
        let start = try #require(data.range(of: wire)?.lowerBound)
        for kind: UInt8 in [127, 4] {
            var damaged = data
            damaged[start] = kind
            #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: damaged) }
        }
        var cut = data
        cut[start + wire.count - 1] ^= 0xFF
        #expect((try? NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: cut))?.first != task)

        // Every mention of the class (its name, and the list of its classes) names an unknown one.
        var renamed = data
        while let unknown = renamed.range(of: Data("Intents.INTask".utf8)) {
            renamed.replaceSubrange(unknown, with: Data("Intents.INTasQ".utf8))
        }
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: renamed) }

        // A format version this SDK does not know.
        let intent = INAddTasksIntent()
        let coder = NSKeyedArchiver(requiringSecureCoding: true)
        coder.encode(99, forKey: IntentArchive.versionKey)
        coder.encode(Data(intent.payload.wireBytes) as NSData, forKey: IntentArchive.wireKey)
        let reader = try NSKeyedUnarchiver(forReadingFrom: coder.encodedData)
        reader.decodingFailurePolicy = .setErrorAndReturn
        #expect(INAddTasksIntent(coder: reader) == nil)
    }
}

/// A response the SDK's plugin generated from a definition file archives as Xcode's generated
/// responses do: its own class, its typed code and its outputs.
@Suite struct GeneratedResponseArchivingTests {
    @Test func aGeneratedResponseRoundTripsWithItsCodeAndOutputs() throws {
        let response = SharedGreetIntentResponse(code: .success, userActivity: nil)
        response.greeting = "Hello, Ada"
        let data = try NSKeyedArchiver.archivedData(withRootObject: response, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: SharedGreetIntentResponse.self, from: data))
        #expect(back.code == .success)
        #expect(back.greeting == "Hello, Ada")
        let copy = try #require(response.copy() as? SharedGreetIntentResponse)
        #expect(copy.code == .success && copy.greeting == "Hello, Ada")
        copy.greeting = "Bye"
        #expect(response.greeting == "Hello, Ada")
    }
}

/// A person whose archive holds an array where the wire form belongs: what a hostile extension
/// could leave in an app group for the app to read.
final class PersonArchivedWithAnArray: INPerson {
    override func encode(with coder: NSCoder) {
        coder.encode(IntentArchive.version, forKey: IntentArchive.versionKey)
        coder.encode([1, 2, 3] as NSArray, forKey: IntentArchive.wireKey)
        coder.encode(["x"] as NSArray, forKey: "handleLabel")
    }
}

/// Archives crafted against swift-corelibs-foundation's unarchiver, which traps on an object of
/// a class it was not asked for and recurses without bound on an array that holds itself: the
/// SDK's classes and its array reader refuse them with an error.
@Suite struct CraftedArchiveTests {
    @Test func anObjectOfAnotherClassWhereAValueBelongsFailsCleanly() throws {
        let person = PersonArchivedWithAnArray(personHandle: INPersonHandle(value: "a@b.c", type: .emailAddress), nameComponents: nil,
                                               displayName: "Ada", image: nil, contactIdentifier: nil, customIdentifier: nil)
        let data = try NSKeyedArchiver.archivedData(withRootObject: person, requiringSecureCoding: true)
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: PersonArchivedWithAnArray.self, from: data) }
    }

    @Test func anArrayThatHoldsItselfIsRefusedBeforeDecoding() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.outputFormat = .xml
        archiver.encode([INTask(title: INSpeakableString(spokenPhrase: "Milk"), status: .notCompleted, taskType: .completable,
                                spatialEventTrigger: nil, temporalEventTrigger: nil, createdDateComponents: nil,
                                modifiedDateComponents: nil, identifier: "t1")] as NSArray, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let xml = String(decoding: archiver.encodedData, as: UTF8.self)
        // The root array is object 1; its one element becomes a reference to itself.
        let element = try #require(xml.range(of: "<key>NS.objects</key>"))
        let rest = xml[element.upperBound...]
        let uid = try #require(rest.range(of: #"<integer>\d+</integer>"#, options: .regularExpression))
        let crafted = xml.replacingCharacters(in: uid, with: "<integer>1</integer>")
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: Data(crafted.utf8)) }
        // The archive as written still reads.
        #expect(try NSKeyedUnarchiver.unarchivedArrayOfObjects(ofClass: INTask.self, from: archiver.encodedData)?.count == 1)
    }
}
