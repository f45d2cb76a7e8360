import AppIntentsTesting
import Intents
import Testing

/// A test file that imports SiriKit's Intents beside AppIntentsTesting names App Intents'
/// `IntentValueConvertible` unambiguously (the SDK's own protocol is `IntentValueCodable`).
struct NoteWrapper: IntentValueConvertibleWrapper {
    var baseValue: AnyAppEntity

    init(baseValue: AnyAppEntity) {
        self.baseValue = baseValue
    }

    var title: String {
        get throws { try baseValue.title }
    }
}

@Suite(.hostUnderTest(infoFolder: notesInfo))
struct ImportsBothTests {
    @Test func aWrapperReadsThroughItsBase() async throws {
        let defs = IntentDefinitions(bundleIdentifier: "org.example.Notes")
        let result = try await defs.intents["CreateNoteIntent"].makeIntent(title: "Wrapped").run()
        let wrapped: NoteWrapper = try result.value
        #expect(try wrapped.title == "Wrapped")
        let convertible: any IntentValueConvertible = wrapped
        #expect(convertible is NoteWrapper)
        #expect(INIntent.self != nil as Any.Type?)
    }
}
