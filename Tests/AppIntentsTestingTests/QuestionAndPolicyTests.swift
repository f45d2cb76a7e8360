import AppIntentsTesting
import Foundation
import Testing

/// What Apple leaves undocumented, on Linux: a question fails the run unless the test scripts
/// its answer, and the lock state and run source are the test's to set.
@Suite struct QuestionAndPolicyTests {
    let defs = IntentDefinitions(bundleIdentifier: "org.example.Notes")

    @Test func aQuestionFailsTheRunByDefaultSayingWhatWasAsked() async throws {
        try await HostUnderTest.withHost(.init(infoFolder: notesInfo)) {
            await #expect {
                try await defs.intents["RenameNoteIntent"].makeIntent(note: "Groceries").run()
            } throws: { error in
                let failure = try #require(error as? HostUnderTestError)
                let question = try #require(failure.question)
                return failure.kind == .unansweredQuestion && question.kind == .value && question.parameter == "newTitle"
                    && question.dialog == "What should Groceries be called?" && failure.message.contains("withAnswers")
            }
        }
    }

    @Test func scriptedAnswersAnswerValuesChoicesAndConfirmations() async throws {
        try await HostUnderTest.withHost(.init(infoFolder: notesInfo)) {
            let renamed = try await defs.intents["RenameNoteIntent"].makeIntent()
                .run(answers: [.choiceNamed("Gift ideas"), .value("Presents")])
            let title: String = try renamed.value.title
            #expect(title == "Presents")
            let identifier = try renamed.value.as(AnyAppEntity.self).identifier.instanceIdentifier
            #expect(identifier == "n3")

            try await HostUnderTest.withAnswers([.confirm(true)]) {
                try await defs.intents["DeleteNoteIntent"].makeIntent(note: "Presents").run()
            }
            #expect(try await defs.entities["NoteEntity"].entities(matching: "Presents").isEmpty)

            await #expect {
                try await defs.intents["DeleteNoteIntent"].makeIntent(note: "Packing").run(answers: [.confirm(false)])
            } throws: { error in
                (error as? HostUnderTestError)?.kind == .declined
            }
            await #expect {
                try await defs.intents["DeleteNoteIntent"].makeIntent(note: "Packing").run(answers: [.value("yes")])
            } throws: { error in
                let failure = error as? HostUnderTestError
                return failure?.kind == .unansweredQuestion && failure?.question?.kind == .confirmation
                    && "\(error)".contains("the scripted answer .value(\"yes\") does not answer it")
            }
        }
    }

    @Test(arguments: [LockStateValue.locked, .lockedBeforeFirstUnlock])
    func anIntentThatNeedsTheDeviceUnlockedIsRefusedNamingTheRule(_ lockState: LockStateValue) async throws {
        try await HostUnderTest.withHost(.init(infoFolder: notesInfo, lockState: lockState)) {
            // A reference, not a name: while locked, the host asks no entity query to match a name.
            let groceries = defs.entities["NoteEntity"].makeReference(identifier: "n1")
            await #expect {
                try await defs.intents["DeleteNoteIntent"].makeIntent(note: groceries).run(answers: [.confirm(true)])
            } throws: { error in
                let failure = try #require(error as? HostUnderTestError)
                return failure.kind == .refusedByPolicy && failure.rule == "authentication-policy"
                    && failure.message.contains("(policy rule: authentication-policy)")
            }
            // One that is always allowed runs while locked.
            let result = try await defs.intents["CountNotesIntent"].makeIntent().run()
            let count: Int = try result.value
            #expect(count == 3)
        }
    }

    @Test func theLockStateChangesDuringATest() async throws {
        try await HostUnderTest.withHost(.init(infoFolder: notesInfo)) {
            let delete = defs.intents["DeleteNoteIntent"].makeIntent(note: defs.entities["NoteEntity"].makeReference(identifier: "n3"))
            try await HostUnderTest.setLockState(.locked)
            await #expect(throws: HostUnderTestError.self) { try await delete.run(answers: [.confirm(true)]) }
            try await HostUnderTest.setLockState(.unlocked)
            try await delete.run(answers: [.confirm(true)])
        }
    }

    @Test func aRunFromAnAppShortcutIsJudgedAsOne() async throws {
        try await HostUnderTest.withHost(.init(infoFolder: notesInfo, source: .appShortcut)) {
            let count: Int = try await defs.intents["CountNotesIntent"].makeIntent().run().value
            #expect(count == 3)
        }
    }

    @Test func eachHostStartsFromTheSeedData() async throws {
        for _ in 0..<2 {
            try await HostUnderTest.withHost(.init(infoFolder: notesInfo)) {
                try await defs.intents["CreateNoteIntent"].makeIntent(title: "Only here").run()
                let count: Int = try await defs.intents["CountNotesIntent"].makeIntent().run().value
                #expect(count == 4)
            }
        }
    }
}
