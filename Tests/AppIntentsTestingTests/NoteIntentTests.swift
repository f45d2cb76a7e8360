import AppIntentsTesting
import Foundation
import Testing

// Written as on Xcode with Apple's AppIntentsTesting; the suite's trait is the Linux line that
// points the host at the notes app's bundles (a fresh host per suite, unlocked).
@Suite(.hostUnderTest(infoFolder: notesInfo))
struct NoteIntentTests {
    let defs = IntentDefinitions(bundleIdentifier: "org.example.Notes")

    @Test func createReturnsNote() async throws {
        let result = try await defs.intents["CreateNoteIntent"]
            .makeIntent(title: "Groceries for Sunday", body: "Apples and pears", pinned: true)
            .run()
        let title: String = try result.value.title
        let pinned: Bool = try result.value.pinned
        let words: Int = try result.value.wordCount
        let deletedAt: Date? = try result.value.deletedAt
        #expect(title == "Groceries for Sunday")
        #expect(pinned)
        #expect(words == 3)
        #expect(deletedAt == nil)
        // A nested entity's property, and a list property read whole and by index.
        let folder: String = try result.value.folder.name
        #expect(folder == "Inbox")
        let tags: [String] = try result.value.tags
        #expect(tags.isEmpty)
    }

    @Test func typedReadsThrowOnAMismatchNamingThePath() async throws {
        let result = try await defs.intents["CreateNoteIntent"].makeIntent(title: "Mismatch").run()
        #expect {
            let _: Int = try result.value.title
        } throws: { error in
            let mismatch = try #require(error as? IntentValueConversionError)
            return mismatch.path == "result.value.title" && mismatch.expected == "Int" && mismatch.found.contains("\"Mismatch\"")
        }
        #expect(throws: IntentValueConversionError.self) {
            let _: String = try result.value.noSuchProperty
        }
        #expect(throws: IntentValueConversionError.self) {
            let _: String = try result.value.folder.noSuchProperty
        }
    }

    @Test func listsAreReadByIndexAndWhole() async throws {
        let result = try await defs.intents["ListNotesIntent"].makeIntent(folder: defs.entities["FolderEntity"].makeReference(identifier: "inbox")).run()
        let notes: [AnyAppEntity] = try result.value
        #expect(notes.count >= 2)
        let first: String = try result.value[0].title
        #expect(first == "Groceries")
        let tags: [String] = try result.value[0].tags
        #expect(tags == ["home", "weekly"])
        let secondTag: String = try result.value[0].tags[1]
        #expect(secondTag == "weekly")
        #expect(throws: IntentValueConversionError.self) {
            let _: String = try result.value[99].title
        }
    }

    @Test func aResultCastsToItsDefinitionsInstance() async throws {
        let result = try await defs.intents["CreateNoteIntent"].makeIntent(title: "Cast me").run()
        let note = try result.value.as(defs.entities["NoteEntity"])
        #expect(note.identifier.entityType.typeIdentifier == "NoteEntity")
        let title: String = try note.title
        #expect(title == "Cast me")
        #expect(throws: HostUnderTestError.self) {
            _ = try result.value.as(defs.entities["FolderEntity"])
        }
        let entity = try result.value.as(AnyAppEntity.self)
        #expect(entity == note)
    }

    @Test func anEntityFromOneRunIsAParameterOfTheNext() async throws {
        let created = try await defs.intents["CreateNoteIntent"].makeIntent(title: "Chain me").run()
        var archive = defs.intents["ArchiveNoteIntent"].makeIntent()
        archive.note = created.value
        archive.reason = defs.enums["ArchiveReason"].makeCase("duplicate")
        let archived = try await archive.run()
        let isArchived: Bool = try archived.value.isArchived
        let title: String = try archived.value.title
        let reason: AnyAppEnum = try archived.value.archiveReason
        #expect(isArchived)
        #expect(title == "Chain me")
        #expect(reason == AnyAppEnum(typeIdentifier: "ArchiveReason", rawValue: "duplicate"))
    }

    @Test func aStringForAnEntityParameterIsResolvedByItsStringQuery() async throws {
        let archived = try await defs.intents["ArchiveNoteIntent"].makeIntent(note: "packing", reason: "obsolete").run()
        let title: String = try archived.value.title
        #expect(title == "Packing list")
        let reason: AnyAppEnum = try archived.value.archiveReason
        #expect(reason.rawValue == "obsolete")
        #expect(try reason.as(String.self) == "obsolete")
        #expect(try reason.as(LocalArchiveReason.self) == .obsolete)

        await #expect {
            try await defs.intents["ArchiveNoteIntent"].makeIntent(note: "no such note").run()
        } throws: { error in
            (error as? HostUnderTestError)?.kind == .badValue && "\(error)".contains("No NoteEntity matches \"no such note\"")
        }
    }

    @Test func anEnumTakesItsRawValueAndRefusesAnotherNamingTheCases() async throws {
        await #expect {
            try await defs.intents["ArchiveNoteIntent"].makeIntent(note: "Gift", reason: "lost").run()
        } throws: { error in
            "\(error)" == "ArchiveReason has no case with the raw value \"lost\" (for reason of ArchiveNoteIntent); its cases: done, obsolete, duplicate."
        }
    }

    @Test func queriesRunInTheExtension() async throws {
        let notes = defs.entities["NoteEntity"]
        let byIdentifier = try await notes.entities(identifiers: ["n2"])
        #expect(byIdentifier.count == 1)
        let packing: String = try byIdentifier[0].title
        #expect(packing == "Packing list")

        let hits = try await notes.entities(matching: "gift")
        #expect(hits.map(\.identifier.instanceIdentifier) == ["n3"])

        let all = try await notes.allEntities()
        #expect(all.count >= 3)
        #expect(all.allSatisfy { (try? notes.isInstance($0)) != nil })

        let reference = notes.makeReference(identifier: "n1")
        #expect(reference.identifier.instanceIdentifier == "n1")
        #expect(throws: IntentValueConversionError.self) {
            let _: String = try reference.title
        }

        // A query the entity's type does not have is the host's refusal, named.
        await #expect {
            try await defs.entities["FolderEntity"].allEntities()
        } throws: { error in
            (error as? HostUnderTestError)?.kind == .badValue && "\(error)".contains("no EnumerableEntityQuery")
        }
    }

    @Test func unknownNamesSayWhatTheAppHas() async throws {
        await #expect {
            try await defs.intents["MakeCoffeeIntent"].makeIntent().run()
        } throws: { error in
            let failure = try #require(error as? HostUnderTestError)
            return failure.kind == .notFound && failure.message.contains("no App Intent named \"MakeCoffeeIntent\"")
                && failure.message.contains("CreateNoteIntent")
        }
        await #expect {
            try await defs.intents["CreateNoteIntent"].makeIntent(colour: "red").run()
        } throws: { error in
            "\(error)".contains("CreateNoteIntent of org.example.Notes has no parameter \"colour\"; its parameters: title, body, pinned, folder.")
        }
        await #expect {
            try await IntentDefinitions(bundleIdentifier: "org.example.Missing").intents["X"].makeIntent().run()
        } throws: { error in
            "\(error)".contains("No app with the bundle identifier org.example.Missing is installed")
        }
        await #expect {
            try await defs.intents["CreateNoteIntent"].makeIntent(title: 42).run()
        } throws: { error in
            "\(error)" == "title of CreateNoteIntent takes a string, not an integer 42."
        }
    }

    @Test func anErrorPerformThrowsIsRethrownWithItsText() async throws {
        await #expect {
            try await defs.intents["CreateNoteIntent"].makeIntent(title: String(repeating: "x", count: 50)).run()
        } throws: { error in
            let failure = try #require(error as? HostUnderTestError)
            return failure.kind == .performFailed && failure.message.hasSuffix("A title can have at most 40 characters; this one has 50.")
                && failure.failureCase == "titleTooLong(50)"
        }
    }

    @Test func aTestOnlyIntentRuns() async throws {
        // A host of its own: the suite's other tests add notes meanwhile.
        try await HostUnderTest.withHost(.init(infoFolder: notesInfo)) {
            try await defs.intents["CreateNoteIntent"].makeIntent(title: "Gone after the reset").run()
            try await defs.intents["ResetFixturesIntent"].makeIntent().run()
            let count: Int = try await defs.intents["CountNotesIntent"].makeIntent().run().value
            #expect(count == 3)
        }
    }

    @Test func whatLinuxDoesNotHaveThrowsSayingSo() async throws {
        for attempt in [
            { _ = try await defs.entities["NoteEntity"].spotlightQuery("Groceries") },
            { _ = try await defs.entities["NoteEntity"].viewAnnotations() },
            { _ = try await defs.valueQueries["NoteValueQuery"].values(for: "x") },
        ] as [@Sendable () async throws -> Void] {
            await #expect { try await attempt() } throws: { error in
                (error as? HostUnderTestError)?.kind == .notAvailableOnLinux && "\(error)".contains("not available on Linux")
            }
        }
    }
}

/// The test's own copy of the app's enum, as a test reads a case into it.
enum LocalArchiveReason: String {
    case done, obsolete, duplicate
}
