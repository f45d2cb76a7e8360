import ExtensionProtocol
import Testing

/// `queryEntities`: an entity type's `defaultQuery`, run for the host.
@Suite struct EntityQueryTests {
    let host = TestHost()

    @Test func suggestedEntitiesComeInTheQuerysOrder() async throws {
        #expect(try await host.query(Names.session, .suggested) == MeditationSession.all.map(\.wire))
    }

    @Test func anEnumerableQueryThatSuggestsNothingGivesAllItsEntities() async throws {
        #expect(try await host.query(Names.teacher, .suggested) == [
            .object(ObjectValue(identifier: "1", display: "Élise")), .object(ObjectValue(identifier: "2", display: "Tomas")),
        ])
    }

    @Test func aStringQueryMatchesText() async throws {
        #expect(try await host.query(Names.session, .matching("CA")) == [MeditationSession.calm.wire, MeditationSession.cafe.wire])
    }

    @Test func otherQueriesMatchTitlesIgnoringCaseAndDiacritics() async throws {
        #expect(try await host.query(Names.teacher, .matching("elise")) == [.object(ObjectValue(identifier: "1", display: "Élise"))])
        #expect(try await host.query(Names.teacher, .matching("nobody")) == [])
    }

    @Test func identifiersFindTheirEntitiesAndSkipTheOthers() async throws {
        let found = try await host.query(Names.session, .identifiers([MeditationSession.focus.id.uuidString, "not-a-uuid", MeditationSession.calm.id.uuidString]))
        #expect(found == [MeditationSession.calm.wire, MeditationSession.focus.wire])
        #expect(try await host.query(Names.teacher, .identifiers(["2", "9"])) == [.object(ObjectValue(identifier: "2", display: "Tomas"))])
    }

    @Test func aTypeThatIsNoEntityFails() async throws {
        let failure = try await host.failure(.queryEntities(requestID: 8, entity: Names.sessionType, request: .suggested))
        #expect(failure == ExtensionFailure(.unknownIntent, "The type \"AppIntentsTests.SessionType\" in the extension's library does not conform to AppEntity."))
    }
}
