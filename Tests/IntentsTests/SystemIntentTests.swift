import Foundation
import ExtensionProtocol
import SiriKitDomains
import Testing
@testable import Intents

/// The SiriKit domains' classes, generated from their data: shapes, values across the process
/// boundary, and conversations through the SDK's dispatch.
@Suite struct SystemIntentTests {
    /// Every intent of the data is a class the SDK finds by name, whose parameters are the
    /// data's, in order, less those that cannot cross the boundary.
    @Test func everyIntentOfTheDataIsAClassWithItsParameters() throws {
        for intent in SiriKitDomain.all.flatMap(\.intents) {
            let type = try #require(IntentClassLookup.systemIntents[intent.name], "\(intent.name)")
            let expected = intent.parameters.filter(\.property.crossesBoundary).map(\.name)
            #expect(type.schema.parameters.map(\.name) == expected, "\(intent.name)")
            #expect(type.handlingTable != nil, "\(intent.name)")
        }
    }

    @Test func responseCodesFollowTheirNamesAndApplesNumbers() {
        #expect(INStartCallIntentResponseCode.continueInApp.rawValue == 2)
        #expect(INStartCallIntentResponseCode.continueInApp.category == .continueInApp)
        #expect(INSearchForPhotosIntentResponseCode.failure.rawValue == 3)
        #expect(INStartWorkoutIntentResponseCode.success.rawValue == 8)
        #expect(INStartWorkoutIntentResponseCode.handleInApp.category == .continueInApp)
        #expect(INAddTasksIntentResponseCode.success.category == .success)
        #expect(INSendPaymentIntentResponseCode.failureInsufficientFunds.category == .failure)
        #expect(INRequestRideIntentResponseCode.failureRequiringAppLaunchNoServiceInArea.category == .failureRequiringAppLaunch)
    }

    /// A task crosses the boundary whole, and one typed by name gets the name as its title.
    @Test func valueTypesCrossTheBoundaryAndAreMadeFromANamedValue() throws {
        let place = CLPlacemark.placemark(with: CLLocation(latitude: 38.7, longitude: -9.1), name: "Home")
        let task = INTask(title: INSpeakableString(spokenPhrase: "Water the plants"), status: .completed, taskType: .completable,
                          spatialEventTrigger: INSpatialEventTrigger(placemark: place, event: .arrive),
                          temporalEventTrigger: INTemporalEventTrigger(dateComponentsRange: INDateComponentsRange(
                            startDateComponents: DateComponents(year: 2026, month: 11, day: 23, hour: 9), endDateComponents: nil)),
                          createdDateComponents: nil, modifiedDateComponents: nil, identifier: "t1", priority: .flagged)
        let copy = try #require(INTask.fromIntentValue(task.intentValue))
        #expect(copy.title.spokenPhrase == "Water the plants" && copy.status == .completed && copy.priority == .flagged)
        #expect(copy.identifier == "t1" && copy.taskType == .completable)
        #expect(INTask.fromIntentValue(copy.intentValue) == copy, "a second crossing changes nothing")
        #expect(copy.spatialEventTrigger?.event == .arrive)
        #expect(copy.spatialEventTrigger?.placemark.name == "Home")
        #expect(copy.temporalEventTrigger?.dateComponentsRange.startDateComponents?.hour == 9)
        #expect(task.intentValue.displayString == "Water the plants")

        let typed = try #require(INTaskList.fromIntentValue(.object(ObjectValue(identifier: nil, display: "Groceries"))))
        #expect(typed.title.spokenPhrase == "Groceries")
        #expect(typed.tasks.isEmpty)
        // A property of the wrong kind refuses the whole value.
        let wrong = ObjectValue(identifier: nil, display: "x", properties: ["status": .string("done")])
        #expect(INTask.fromIntentValue(.object(wrong)) == nil)
        // A type with no display property is not made from a typed name, even when all its
        // properties are optional; the schema tells the host so.
        #expect(INDateComponentsRange.fromIntentValue(.object(ObjectValue(identifier: nil, display: "tomorrow"))) == nil)
        let schema = INAddTasksIntent.schema
        #expect(schema.parameter(named: "temporalEventTrigger")?.acceptsTypedName == false)
        #expect(schema.parameter(named: "targetTaskList")?.acceptsTypedName == true)
        #expect(schema.parameter(named: "taskTitles")?.acceptsTypedName == true)
        // A message cannot be named: its identifier is required and has no fallback.
        #expect(INMessage.fromIntentValue(.object(ObjectValue(identifier: nil, display: "hi"))) == nil)
    }

    @Test func optionSetsCrossAsListsOfTheirOptions() throws {
        let options: INMessageAttributeOptions = [.unread, .flagged]
        #expect(options.intentValue.displayString == "unread, flagged")
        #expect(INMessageAttributeOptions.fromIntentValue(options.intentValue) == options)
        #expect(INMessageAttributeOptions.fromIntentValue(.list([.enumeration(EnumerationValue(rawValue: 64, name: "x"))])) == nil)
        let schema = try #require(INSearchForMessagesIntent.schema.parameter(named: "attributes"))
        #expect(schema.isList && schema.type == .enumeration)
        #expect(schema.enumerationCases.map(\.rawValue) == [1, 2, 4, 8, 16])

        let intent = try INSearchForMessagesIntent.make(from: IntentPayload(name: "INSearchForMessagesIntent",
                                                                            parameters: ["attributes": options.intentValue]))
        #expect(intent.attributes == options)
        #expect(INSearchForMessagesIntent().attributes.isEmpty)
    }

    @Test func datesCrossAsISO8601() {
        let date = Date(timeIntervalSince1970: 1_795_000_000.25)
        #expect(Date.fromIntentValue(date.intentValue) == date, "milliseconds survive")
        #expect(Date.fromIntentValue(.string("2026-11-23T09:30:00Z")) == Date(timeIntervalSince1970: 1_795_426_200))
        #expect(Date.fromIntentValue(.string("yesterday")) == nil)
    }

    /// Names are unique across the data, generated or policy-only, so no lookup keeps one of two.
    @Test func everyNameOfTheDataIsDeclaredOnce() {
        let intents = SiriKitDomain.all.flatMap { $0.intents.map(\.name) + $0.otherIntents.map(\.name) }
        #expect(Set(intents).count == intents.count)
        let values = SiriKitDomain.all.flatMap { $0.enums.map(\.name) + $0.optionSets.map(\.name) + $0.types.map(\.name) + $0.results.map(\.name) }
        #expect(Set(values).count == values.count)
    }

    /// Swift shapes of Apple's overlay: enums with associated values, plain optionals for
    /// numbers, per-parameter results made from the kind's, confirmation reasons, `successes`.
    @Test func applesSwiftShapesHold() {
        let trigger = INSpatialEventTrigger(placemark: CLPlacemark.placemark(with: CLLocation(latitude: 1, longitude: 2), name: "Home"),
                                            event: .arrive)
        #expect(trigger.event.rawValue == 1 && INSpatialEvent.depart.rawValue == 2)
        #expect(INMediaDestination.fromIntentValue(INMediaDestination.playlist("Road trip").intentValue) == .playlist("Road trip"))
        #expect(INMediaDestination.fromIntentValue(.object(ObjectValue(identifier: nil, display: "Library"))) == .library)
        let play = INPlayMediaIntent(mediaItems: nil, mediaSearch: nil)
        #expect(play.playShuffled == nil && play.playbackRepeatMode == .unknown)
        let person = INPersonResolutionResult.needsValue()
        #expect(INStartCallContactResolutionResult(personResolutionResult: person).resolution == .needsValue)
        let list = INTaskList(title: INSpeakableString(spokenPhrase: "New"), tasks: [], groupName: nil,
                              createdDateComponents: nil, modifiedDateComponents: nil, identifier: nil)
        let confirm = INAddTasksTargetTaskListResolutionResult.confirmationRequired(with: list, forReason: .listShouldBeCreated)
        #expect(confirm.resolution == .confirmationRequired(value: list.intentValue))
        let items = [INMediaItem(identifier: "1", title: "Song", type: .song, artwork: nil)]
        let successes: [INPlayMediaMediaItemResolutionResult] = INPlayMediaMediaItemResolutionResult.successes(with: items)
        #expect(successes.map(\.resolution) == [.success(value: items[0].intentValue)])
        #expect(INPaymentMethod.applePay().type == .applePay)
    }

    /// Apple's older initializers still compile: arguments added later have defaults.
    @Test func olderInitializerShapesCompile() {
        let message = INMessage(identifier: "1", content: "hi", dateSent: nil, sender: nil, recipients: nil)
        #expect(message.messageType == .unspecified)
        let task = INTask(title: INSpeakableString(spokenPhrase: "a"), status: .notCompleted, taskType: .completable,
                          spatialEventTrigger: nil, temporalEventTrigger: nil, createdDateComponents: nil,
                          modifiedDateComponents: nil, identifier: nil)
        #expect(task.priority == .unknown)
        let call = INStartCallIntent(audioRoute: .unknown, destinationType: .normal, contacts: nil, callCapability: .audioCall)
        #expect(call.callRecordFilter == nil)
    }

    final class AddTasksHandler: NSObject, INAddTasksIntentHandling {
        func resolveTaskTitles(for intent: INAddTasksIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
            completion((intent.taskTitles ?? []).map { .success(with: $0) })
        }
        func resolveTemporalEventTrigger(for intent: INAddTasksIntent) async -> INAddTasksTemporalEventTriggerResolutionResult {
            .unsupported(forReason: .timeInPast)
        }
        func handle(intent: INAddTasksIntent, completion: @escaping (INAddTasksIntentResponse) -> Void) {
            let response = INAddTasksIntentResponse(code: .success, userActivity: nil)
            response.addedTasks = intent.taskTitles?.map {
                INTask(title: $0, status: .notCompleted, taskType: .completable, spatialEventTrigger: nil, temporalEventTrigger: nil,
                       createdDateComponents: nil, modifiedDateComponents: nil, identifier: nil)
            }
            completion(response)
        }
    }

    /// The generated table calls either form of each method: completion for titles and handle,
    /// async for the trigger, whose typed reason reaches the host numbered as Apple numbers it.
    @Test func theHandlingTableCallsTheHandlersMethods() async throws {
        let table = try #require(INAddTasksIntent.handlingTable)
        let intent = INAddTasksIntent(targetTaskList: nil, taskTitles: [INSpeakableString(spokenPhrase: "Milk")],
                                      spatialEventTrigger: nil, temporalEventTrigger: nil)
        let handler = AddTasksHandler()
        #expect(table.accepts(handler))
        let titles = await table.resolve(parameter: "taskTitles", of: intent, with: handler)
        #expect(titles.map(\.resolution) == [.success(value: INSpeakableString(spokenPhrase: "Milk").intentValue)])
        let trigger = await table.resolve(parameter: "temporalEventTrigger", of: intent, with: handler)
        guard case .unsupported(let reason?) = trigger.first?.resolution else {
            Issue.record("expected an unsupported reason, got \(trigger)")
            return
        }
        #expect(reason.code == 1 && reason.name == "timeInPast")
        let response = await table.handle(intent, with: handler)
        let added = try #require((response as? INAddTasksIntentResponse)?.addedTasks)
        #expect(added.map(\.title.spokenPhrase) == ["Milk"])
        #expect((response as? INAddTasksIntentResponse)?.code == .success)
    }
}
