import AppIntentsTesting
import Foundation
import SiriEvaluations
import Testing

/// Scenarios of phrases, played through the host's phrase matching (the notes app's App
/// Shortcuts), recorded and graded.
@Suite(.hostUnderTest(infoFolder: notesInfo))
struct SiriScenarioTests {
    let defs = IntentDefinitions(bundleIdentifier: "org.example.Notes")

    @Test func aPhraseRunsItsIntentAndTheRecordSaysSo() async throws {
        let list = UserTurn("List my notes in Notes") {
            Calls { defs.intents["ListNotesIntent"] }
            SiriResponse(.contains("3 notes"), .contains("NOTES", caseSensitive: false))
        }
        let scenario = SiriScenario {
            list
            UserTurn("How many notes in Notes") {
                Calls(.unordered) { defs.intents["CountNotesIntent"].result(.matches(#Predicate<Int> { $0 == 3 })) }
            }
        } expectation: {
            Calls(.ordered) {
                defs.intents["ListNotesIntent"]
                defs.intents["CountNotesIntent"]
            }
            Calls(.disallowed) { defs.intents["DeleteNoteIntent"] }
        }
        let subject = try await SiriService.run(scenario: scenario)
        let grades = try await SiriExpectationEvaluator().evaluate(subject)
        #expect(grades.count == 5)
        #expect(grades.allSatisfy { $0.passed }, "\(grades)")

        let turn = try #require(subject.siriTranscript.turn(for: list))
        let invocation = try #require(turn.intentInvocations.first?.value)
        #expect(invocation.intent.identifier == "ListNotesIntent" && invocation.outcome == .succeeded && invocation.ran)
        let titles: [AnyAppEntity] = try #require(invocation.result).value
        #expect(titles.count == 3)
        #expect(subject.value.turnsPlayed == 2 && subject.value.invocations == 2)
    }

    @Test func aDisallowedCallThatRunsFailsTheScenario() async throws {
        let scenario = SiriScenario {
            UserTurn("How many notes in Notes")
        } expectation: {
            Calls(.disallowed) { defs.intents["CountNotesIntent"] }
        }
        let grades = try await SiriExpectationEvaluator().evaluate(try await SiriService.run(scenario: scenario))
        #expect(grades.map(\.passed) == [false])
        #expect(grades.first?.reason == "CountNotesIntent of org.example.Notes was called (succeeded), and must not be")
        // The same intent name in another app is another intent.
        let otherApp = SiriScenario {
            UserTurn("How many notes in Notes")
        } expectation: {
            Calls(.disallowed) { IntentDefinitions(bundleIdentifier: "org.example.Jotter").intents["CountNotesIntent"] }
        }
        #expect(try await SiriExpectationEvaluator().passes(try await SiriService.run(scenario: otherApp)))
    }

    @Test func anUtteranceThatMatchesNothingCallsNothing() async throws {
        let turn = UserTurn("Order a pizza with anchovies") {
            Calls(.disallowed) {
                defs.intents["ListNotesIntent"]
                defs.intents["CountNotesIntent"]
            }
        }
        let subject = try await SiriService.run(scenario: SiriScenario { turn })
        #expect(subject.siriTranscript.turn(for: turn)?.intentInvocations.isEmpty == true)
        #expect(try await SiriExpectationEvaluator().passes(subject))
        // An expected call that did not happen fails, saying what was called.
        let expecting = SiriScenario {
            UserTurn("Order a pizza with anchovies") { Calls { defs.intents["ListNotesIntent"] } }
        }
        let grades = try await SiriExpectationEvaluator().evaluate(try await SiriService.run(scenario: expecting))
        #expect(grades.first?.passed == false)
        #expect(grades.first?.reason?.contains("called: nothing") == true)
    }

    @Test func aResponseCheckIsAPlainSubstring() async throws {
        let scenario = SiriScenario {
            UserTurn("How many notes in Notes") { SiriResponse(.contains("performed CountNotesIntent")) }
            UserTurn("List my notes in Notes") { SiriResponse(.contains("3 NOTES")) }
        }
        let grades = try await SiriExpectationEvaluator().evaluate(try await SiriService.run(scenario: scenario))
        #expect(grades.map(\.passed) == [true, false])
    }
}
