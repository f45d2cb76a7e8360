import Foundation
import SiriKitDomains
import Testing
@testable import IntentDefinitionCodegen

/// The SDK's system intents come from the SiriKit domain data: the generator's checks on that
/// data, and code written as public SiriKit extensions write it, compiled against the result.
@Suite struct SystemDomainGeneratorTests {
    func intent(_ name: String = "INTestIntent", parameters: [SystemParameter] = [],
                codes: [String] = ["unspecified", "ready", "success", "failure"]) -> SystemIntent {
        SystemIntent(name, "A test intent.", parameters: parameters, responseCodes: codes)
    }

    func error(_ domains: [SiriKitDomain]) -> String? {
        do {
            _ = try SystemDomainGenerator(domains: domains).source()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func everyDomainGeneratesAndEveryIntentIsListedOnce() throws {
        let source = try SystemDomainGenerator().source()
        let names = SiriKitDomain.all.flatMap(\.intents).map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count >= 30)
        for name in names {
            #expect(source.contains("open class \(name): INIntent {"), "\(name)")
            #expect(source.contains("public protocol \(name)Handling: NSObjectProtocol {"), "\(name)")
            #expect(source.contains("public enum \(name)ResponseCode: Int, INSystemIntentResponseCode, Sendable {"), "\(name)")
        }
    }

    @Test func responseCodesAreNumberedPerIntentAsApplesAre() throws {
        let source = try SystemDomainGenerator().source()
        func codes(of intent: String) -> [String] {
            guard let start = source.range(of: "public enum \(intent)ResponseCode"),
                  let end = source.range(of: "}", range: start.upperBound..<source.endIndex) else { return [] }
            return source[start.upperBound..<end.lowerBound].split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("case ") }
        }
        #expect(codes(of: "INStartCallIntent").prefix(3) == ["case unspecified = 0", "case ready = 1", "case continueInApp = 2"])
        #expect(codes(of: "INSendMessageIntent").contains("case failure = 4"))
        #expect(codes(of: "INSearchForPhotosIntent") == ["case unspecified = 0", "case ready = 1", "case continueInApp = 2",
                                                          "case failure = 3", "case failureRequiringAppLaunch = 4",
                                                          "case failureAppConfigurationRequired = 5"])
        #expect(codes(of: "INSendPaymentIntent").last == "case failureTermsAndConditionsAcceptanceRequired = 13")
        #expect(SystemIntent("INX", "", parameters: [], responseCodes: ["unspecified", "a=5", "b"]).numberedResponseCodes.map(\.number) == [0, 5, 6])
    }

    @Test func badDataIsRefusedNamingTheIntentAndTheProperty() {
        let unknownType = SiriKitDomain(name: "Test", intents: [intent(parameters: [SystemParameter("gadget", "INGadget")])])
        #expect(error([unknownType])?.contains("INTestIntent.gadget has type INGadget, which no domain declares") == true)

        let noUnspecified = SiriKitDomain(name: "Test", intents: [intent(codes: ["ready", "success"])])
        #expect(error([noUnspecified]) == "SiriKit domain data: INTestIntent has no unspecified = 0 response code.")

        let falling = SiriKitDomain(name: "Test", intents: [intent(codes: ["unspecified", "ready=3", "success=2"])])
        #expect(error([falling]) == "SiriKit domain data: INTestIntent has response codes whose numbers do not rise.")

        let badName = SiriKitDomain(name: "Test", intents: [intent("TestIntent")])
        #expect(error([badName]) == "SiriKit domain data: TestIntent is not named IN<Name>Intent.")

        let twice = SiriKitDomain(name: "Test", intents: [], enums: [SystemEnum("INColor", "", cases: ["unknown"]),
                                                                      SystemEnum("INColor", "", cases: ["unknown"])])
        #expect(error([twice]) == "SiriKit domain data: INColor is declared twice in domain Test.")

        let requiredString = SiriKitDomain(name: "Test", intents: [intent(parameters: [SystemParameter("note", "String", required: true)])])
        #expect(error([requiredString])?.contains("INTestIntent.note is required, which only enum and option-set parameters can be") == true)

        let any = SiriKitDomain(name: "Test", intents: [intent(parameters: [SystemParameter("blob", "Any")])])
        #expect(error([any])?.contains("mark it crossesBoundary: false") == true)

        let number = SiriKitDomain(name: "Test", intents: [intent(parameters: [SystemParameter("count", "NSNumber")])])
        #expect(error([number])?.contains("INTestIntent.count is an NSNumber without valueType") == true)

        let unknownResult = SiriKitDomain(name: "Test", intents: [intent(parameters: [SystemParameter("note", "String", result: "INNoteThingResolutionResult")])])
        #expect(error([unknownResult])?.contains("resolved with INNoteThingResolutionResult, which no domain declares") == true)

        let huge = SiriKitDomain(name: "Test", intents: [], optionSets: [
            SystemOptionSet("INManyOptions", "", options: (0..<64).map { "option\($0)" })])
        #expect(error([huge]) == "SiriKit domain data: INManyOptions has 64 options; an option set holds 1 to 63.")

        let badDisplay = SiriKitDomain(name: "Test", intents: [], types: [
            SystemType("INThing", "", properties: [SystemProperty("count", "Int")], displayProperty: "count")])
        #expect(error([badDisplay])?.contains("INThing's displayProperty count is not one of its String or INSpeakableString properties") == true)
    }

    /// Extension code in the shape of public SiriKit extensions, one per domain, compiles
    /// against the generated SDK with only the platform imports (UIKit...) removed.
    @Test func handlersWrittenForSiriKitCompile() async throws {
        let source = """
            import Foundation
            import Intents
            import CoreLocation

            class AddTasks: NSObject, INAddTasksIntentHandling {
                func resolveTargetTaskList(for intent: INAddTasksIntent, with completion: @escaping (INAddTasksTargetTaskListResolutionResult) -> Void) {
                    guard let title = intent.targetTaskList?.title else { return completion(.needsValue()) }
                    let list = INTaskList(title: title, tasks: [], groupName: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "1")
                    completion(.confirmationRequired(with: list, forReason: .listShouldBeCreated))
                }
                func resolveTaskTitles(for intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
                    completion((intent.taskTitles ?? []).map { INSpeakableStringResolutionResult.success(with: $0) })
                }
                func resolveTemporalEventTrigger(for intent: INAddTasksIntent, with completion: @escaping (INAddTasksTemporalEventTriggerResolutionResult) -> Void) {
                    completion(.unsupported(forReason: .timeInPast))
                }
                func handle(intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
                    let tasks = (intent.taskTitles ?? []).map {
                        INTask(title: $0, status: .notCompleted, taskType: .notCompletable, spatialEventTrigger: nil, temporalEventTrigger: nil,
                               createdDateComponents: nil, modifiedDateComponents: nil, identifier: nil)
                    }
                    let response = INAddTasksIntentResponse(code: .success, userActivity: nil)
                    response.addedTasks = tasks
                    completion(response)
                }
            }

            class Call: NSObject, INStartCallIntentHandling {
                func resolveContacts(for intent: INStartCallIntent, with completion: @escaping ([INStartCallContactResolutionResult]) -> Void) {
                    guard let contacts = intent.contacts, contacts.count == 1 else { return completion([.unsupported(forReason: .multipleContactsUnsupported)]) }
                    completion([.success(with: contacts[0])])
                }
                func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
                    let activity = NSUserActivity(activityType: NSStringFromClass(INStartCallIntent.self))
                    completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
                }
            }

            class Messages: NSObject, INSearchForMessagesIntentHandling, INSetMessageAttributeIntentHandling {
                func handle(intent: INSearchForMessagesIntent, completion: @escaping (INSearchForMessagesIntentResponse) -> Void) {
                    let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
                    let sender = INPerson(personHandle: INPersonHandle(value: "a@b.c", type: .emailAddress), nameComponents: nil,
                                          displayName: "A", image: nil, contactIdentifier: nil, customIdentifier: nil)
                    response.messages = [INMessage(identifier: "1", content: "hi", dateSent: Date(), sender: sender, recipients: nil)]
                    _ = intent.attributes.contains(.unread)
                    completion(response)
                }
                func resolveAttribute(for intent: INSetMessageAttributeIntent, with completion: @escaping (INMessageAttributeResolutionResult) -> Void) {
                    completion(intent.attribute == .unknown ? .needsValue() : .success(with: intent.attribute))
                }
                func handle(intent: INSetMessageAttributeIntent, completion: @escaping (INSetMessageAttributeIntentResponse) -> Void) {
                    completion(INSetMessageAttributeIntentResponse(code: .failureMessageNotFound, userActivity: nil))
                }
            }

            class Pay: NSObject, INSendPaymentIntentHandling {
                func resolvePayee(for intent: INSendPaymentIntent, with completion: @escaping (INSendPaymentPayeeResolutionResult) -> Void) {
                    guard let payee = intent.payee else { return completion(.needsValue()) }
                    completion(.success(with: payee))
                }
                func resolveCurrencyAmount(for intent: INSendPaymentIntent, with completion: @escaping (INSendPaymentCurrencyAmountResolutionResult) -> Void) {
                    completion(.unsupported(forReason: .paymentsAmountAboveMaximum))
                }
                func handle(intent: INSendPaymentIntent, completion: @escaping (INSendPaymentIntentResponse) -> Void) {
                    completion(INSendPaymentIntentResponse(code: .failureInsufficientFunds, userActivity: nil))
                }
            }

            class Workout: NSObject, INStartWorkoutIntentHandling, INEndWorkoutIntentHandling {
                func handle(intent: INStartWorkoutIntent, completion: @escaping (INStartWorkoutIntentResponse) -> Void) {
                    _ = intent.workoutLocationType == .outdoor
                    completion(INStartWorkoutIntentResponse(code: .continueInApp, userActivity: nil))
                }
                func handle(intent: INEndWorkoutIntent, completion: @escaping (INEndWorkoutIntentResponse) -> Void) {
                    completion(INEndWorkoutIntentResponse(code: .success, userActivity: nil))
                }
            }

            class Media: NSObject, INPlayMediaIntentHandling, INAddMediaIntentHandling {
                func resolveMediaItems(for intent: INPlayMediaIntent, with completion: @escaping ([INPlayMediaMediaItemResolutionResult]) -> Void) {
                    guard let items = intent.mediaItems else { return completion([.unsupported(forReason: .subscriptionRequired)]) }
                    completion(INPlayMediaMediaItemResolutionResult.successes(with: items))
                }
                func resolvePlaybackSpeed(for intent: INPlayMediaIntent, with completion: @escaping (INPlayMediaPlaybackSpeedResolutionResult) -> Void) {
                    let speed = intent.playbackSpeed ?? 1.0
                    completion(speed > 2 ? .unsupported(forReason: .aboveMaximum) : .success(with: speed))
                }
                func handle(intent: INPlayMediaIntent, completion: @escaping (INPlayMediaIntentResponse) -> Void) {
                    _ = intent.playShuffled ?? false
                    completion(INPlayMediaIntentResponse(code: .handleInApp, userActivity: nil))
                }
                func resolveMediaDestination(for intent: INAddMediaIntent, with completion: @escaping (INAddMediaMediaDestinationResolutionResult) -> Void) {
                    switch intent.mediaDestination {
                    case .playlist(let name)?: completion(.success(with: .playlist(name)))
                    case .library?: completion(.success(with: .library))
                    case nil: completion(INAddMediaMediaDestinationResolutionResult(mediaDestinationResolutionResult: .needsValue()))
                    }
                }
                func handle(intent: INAddMediaIntent, completion: @escaping (INAddMediaIntentResponse) -> Void) {
                    completion(INAddMediaIntentResponse(code: .success, userActivity: nil))
                }
            }

            class Ride: NSObject, INRequestRideIntentHandling, INListRideOptionsIntentHandling {
                func resolvePickupLocation(for intent: INRequestRideIntent, with completion: @escaping (INPlacemarkResolutionResult) -> Void) {
                    guard let pickup = intent.pickupLocation else { return completion(.needsValue()) }
                    completion(.success(with: pickup))
                }
                func handle(intent: INRequestRideIntent, completion: @escaping (INRequestRideIntentResponse) -> Void) {
                    let partySize = intent.partySize ?? 1
                    guard partySize < 8 else { return completion(INRequestRideIntentResponse(code: .failure, userActivity: nil)) }
                    let status = INRideStatus()
                    status.phase = .confirmed
                    status.pickupLocation = intent.pickupLocation
                    let response = INRequestRideIntentResponse(code: .success, userActivity: nil)
                    response.rideStatus = status
                    completion(response)
                }
                func handle(intent: INListRideOptionsIntent, completion: @escaping (INListRideOptionsIntentResponse) -> Void) {
                    let response = INListRideOptionsIntentResponse(code: .success, userActivity: nil)
                    response.rideOptions = [INRideOption(name: "Small", estimatedPickupDate: Date())]
                    completion(response)
                }
            }

            class RideStatus: NSObject, INGetRideStatusIntentHandling {
                var observer: INGetRideStatusIntentResponseObserver?
                func handle(intent: INGetRideStatusIntent, completion: @escaping (INGetRideStatusIntentResponse) -> Void) {
                    completion(INGetRideStatusIntentResponse(code: .success, userActivity: nil))
                }
                func startSendingUpdates(for intent: INGetRideStatusIntent, to observer: INGetRideStatusIntentResponseObserver) {
                    self.observer = observer
                    observer.getRideStatusResponseDidUpdate(INGetRideStatusIntentResponse(code: .inProgress, userActivity: nil))
                }
                func stopSendingUpdates(for intent: INGetRideStatusIntent) {
                    observer = nil
                }
            }

            class Photos: NSObject, INSearchForPhotosIntentHandling {
                func handle(intent: INSearchForPhotosIntent, completion: @escaping (INSearchForPhotosIntentResponse) -> Void) {
                    _ = intent.includedAttributes.contains(.favorite)
                    completion(INSearchForPhotosIntentResponse(code: .continueInApp, userActivity: nil))
                }
            }

            class Notes: NSObject, INCreateNoteIntentHandling, INSearchForNotebookItemsIntentHandling {
                func handle(intent: INCreateNoteIntent) async -> INCreateNoteIntentResponse {
                    INCreateNoteIntentResponse(code: .success, userActivity: nil)
                }
                func resolveItemType(for intent: INSearchForNotebookItemsIntent) async -> INNotebookItemTypeResolutionResult {
                    .success(with: .task)
                }
            }
            """
        let errors = try await typeCheckErrors(source, name: "SiriKitHandlers")
        #expect(errors == nil, "\(errors ?? "")")
    }

    /// Every public declaration the generator writes has a doc comment: the declarations that
    /// begin a line (`public`, `open`, a property wrapper, an enum case, a protocol requirement)
    /// come right after a `///` line, or after an attribute that comes right after one.
    @Test func everyGeneratedDeclarationIsDocumented() throws {
        for (name, source) in [("system domains", try SystemDomainGenerator().source()), ("pizza", try pizzaSource())] {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where isDeclaration(line) {
                // An attribute line (`@available`) may stand between the comment and the declaration.
                let above = lines[..<index].last { !$0.hasPrefix("@available") }
                #expect(above?.hasPrefix("///") == true, "\(name): no doc comment for \(line)")
            }
        }
    }

    /// The data says what each enum case and option means, and what each response code means.
    @Test func theDataGivesEveryCaseOptionAndCodeItsMeaning() {
        for domain in SiriKitDomain.all {
            for enumeration in domain.enums {
                for item in enumeration.numberedCases where item.number != 0 {
                    #expect(enumeration.caseSummaries[item.name] != nil, "\(enumeration.name).\(item.name)")
                }
                #expect(Set(enumeration.caseSummaries.keys).isSubset(of: enumeration.numberedCases.map(\.name)), "\(enumeration.name)")
            }
            for optionSet in domain.optionSets {
                #expect(Set(optionSet.optionSummaries.keys) == Set(optionSet.options), "\(optionSet.name)")
            }
            for intent in domain.intents {
                for code in intent.numberedResponseCodes {
                    #expect(SiriKitDomain.responseCodeSummaries[code.name] != nil, "\(intent.name).\(code.name)")
                }
            }
        }
    }

    /// What the doc comments say of a code agrees with how the SDK treats it.
    @Test func codeDocsNameTheCategoryAndTheExitStatus() throws {
        let source = try SystemDomainGenerator().source()
        #expect(source.contains("""
                /// Category `continueInApp`: the host reports the response's user activity for the app to go on with; answered by `confirm`, it ends the conversation without `handle`. `intents send` exits 0.
                case continueInApp = 2
            """))
        #expect(source.contains("/// - `unsupported(forReason:)`: the host tells the user the reason's sentence (`INSendMessageRecipientUnsupportedReason`), then asks for another value;"))
        #expect(DocText.category(ofCodeNamed: "failureRequiringAppLaunchNoServiceInArea") == "failureRequiringAppLaunch")
        #expect(DocText.category(ofCodeNamed: "handleInApp") == "continueInApp")
        #expect(DocText.category(ofCodeNamed: "successWithNote") == "success")
        #expect(DocText.category(ofCodeNamed: "denied") == "failure")
    }

    private func isDeclaration(_ line: String) -> Bool {
        if line.hasPrefix("public ") || line.hasPrefix("open ") || line.hasPrefix("@Intent") { return true }
        if line.hasPrefix("func ") { return true }
        // `case name = 3`, not the arms of a switch (`case .name: return`, `case 3: self = .name`).
        return line.hasPrefix("case ") && line.contains(" = ") && !line.contains(":")
    }

    private func pizzaSource() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/SharedKit/SampleIntents/Intents.intentdefinition"))
        var reader = IntentDefinitionReader(fileName: "Intents.intentdefinition")
        return try SwiftIntentGenerator(definition: try reader.read(data), fileName: "Intents.intentdefinition").source()
    }
}
