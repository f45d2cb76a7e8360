import AppIntentsTesting
import Foundation
import Testing

/// The 27.3 expectations: built before any intent exists, checked after a run, running nothing.
@Suite(.hostUnderTest(infoFolder: notesInfo))
struct ExpectationTests {
    let defs = IntentDefinitions(bundleIdentifier: "org.example.Notes")

    @Test func createMatchesExpectation() async throws {
        let create = defs.intents["CreateNoteIntent"]
        let intent = create.makeIntent(title: "Trip plan")
        let result = try await intent.run()
        let want = create.expect(title: .contains("Trip"))
            .result(defs.entities["NoteEntity"].expect(title: .equals("Trip plan"), deletedAt: .isNil))
        #expect(try await want.isSatisfied(by: intent, result: result))

        // Each part can fail on its own.
        #expect(try await !create.expect(title: .contains("trip")).isSatisfied(by: intent))
        #expect(try await !create.result(defs.entities["NoteEntity"].expect(title: .equals("Other"))).isSatisfied(by: intent, result: result))
        #expect(try await !create.result(defs.entities["NoteEntity"].expect(deletedAt: .notNil)).isSatisfied(by: intent, result: result))
        #expect(try await !create.result(defs.entities["FolderEntity"]).isSatisfied(by: intent, result: result))
        // An omitted result counts as absent.
        #expect(try await !want.isSatisfied(by: intent))
        #expect(try await create.result(.isNil).isSatisfied(by: intent))
        // nil leaves the result unchecked; a bare definition matches any intent of its type only.
        #expect(try await want.result(nil).isSatisfied(by: intent))
        #expect(try await create.isSatisfied(by: intent))
        #expect(try await !defs.intents["ArchiveNoteIntent"].isSatisfied(by: intent))
    }

    @Test func stringChecksAreExactAndOnlyOnStrings() async throws {
        #expect(try await PrimitiveExpectation.contains("Trip").isSatisfied(by: "Trip plan"))
        #expect(try await !PrimitiveExpectation.contains("Trip").isSatisfied(by: 3))
        #expect(try await !PrimitiveExpectation.equals("trip plan").isSatisfied(by: "Trip plan"))
        #expect(try await PrimitiveExpectation.contains(regex: "^Trip p.an$").isSatisfied(by: "Trip plan"))
        #expect(try await !PrimitiveExpectation.contains(regex: "^plan").isSatisfied(by: "Trip plan"))
        #expect(try await PrimitiveExpectation.isNil.isSatisfied(by: nil))
        #expect(try await !PrimitiveExpectation.notNil.isSatisfied(by: nil))
    }

    @Test func predicatesCheckValuesOfTheirType() async throws {
        let result = try await defs.intents["CreateNoteIntent"].makeIntent(title: "Count me", body: "one two three four").run()
        let longEnough = defs.entities["NoteEntity"].expect(
            wordCount: .matches(#Predicate<Int> { $0 >= 4 }, requirement: "at least 4 words"),
            pinned: .matches(#Predicate<Bool> { !$0 }),
            deletedAt: .matches(#Predicate<Date?> { $0 == nil }))
        #expect(try await defs.intents["CreateNoteIntent"].result(longEnough).isSatisfied(by: defs.intents["CreateNoteIntent"].makeIntent(), result: result))
        // The wrong input type, and a missing value for a non-optional input, are not satisfied.
        let wrongType = defs.entities["NoteEntity"].expect(title: .matches(#Predicate<Int> { $0 > 0 }))
        #expect(try await !defs.intents["CreateNoteIntent"].result(wrongType).isSatisfied(by: defs.intents["CreateNoteIntent"].makeIntent(), result: result))
        let missing = defs.entities["NoteEntity"].expect(deletedAt: .matches(#Predicate<Date> { _ in true }))
        #expect(try await !defs.intents["CreateNoteIntent"].result(missing).isSatisfied(by: defs.intents["CreateNoteIntent"].makeIntent(), result: result))
    }

    @Test func entityParametersAreCheckedByTypeAndIdentifierAsPassed() async throws {
        let archive = defs.intents["ArchiveNoteIntent"]
        let intent = archive.makeIntent(note: defs.entities["NoteEntity"].makeReference(identifier: "n2"), reason: defs.enums["ArchiveReason"].makeCase("done"))
        #expect(try await archive.expect(note: defs.entities["NoteEntity"]).isSatisfied(by: intent))
        #expect(try await archive.expect(note: defs.entities["NoteEntity"].expectIdentifier("n2")).isSatisfied(by: intent))
        #expect(try await !archive.expect(note: defs.entities["NoteEntity"].expectIdentifier("n1")).isSatisfied(by: intent))
        #expect(try await archive.expect(reason: .notNil, note: .notNil).isSatisfied(by: intent))

        let result = try await intent.run()
        let archived = defs.entities["NoteEntity"].expectIdentifier("n2").expect(title: .equals("Packing list"), folder: .notNil)
        #expect(try await archive.result(archived).isSatisfied(by: intent, result: result))
    }
}
