import ExtensionProtocol
import Foundation
import Intents
import Testing

/// The records the build placed in the sample extensions' libraries, read from the built
/// files as the host reads them, and compared with what the SDK describes at run time for the
/// same types (MeditationKit is linked into this test binary too).
@Suite struct BuiltLibraryTests {
    /// The folder of this test binary, where `swift build --build-tests` puts the libraries.
    static let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path

    static func records(ofLibrary name: String) throws -> [CompiledAppIntents] {
        let bytes = try ELFSection.bytes(named: CompiledAppIntents.sectionName, inFileAt: "\(products)/lib\(name).so")
        return try CompiledAppIntents.records(inSection: bytes)
    }

    @Test func theMeditationLibraryCarriesMeditationKitsRecordAndTheRuntimeAgrees() async throws {
        let records = try Self.records(ofLibrary: "MeditationIntents")
        // MeditationIntents only references MeditationKit's types: it declares none, so places no record.
        #expect(records.map(\.module) == ["MeditationKit"])
        let kit = try #require(records.first)
        #expect(kit.unresolved.isEmpty)
        #expect(kit.shortcutsProvider == "MeditationKit.MeditationShortcuts")
        #expect(kit.metadata.intents.map(\.typeName) == ["MeditationKit.StartMeditationIntent"])
        #expect(kit.metadata.entities.map(\.typeName) == ["MeditationKit.MeditationSession"])
        #expect(kit.metadata.shortcuts.first?.phrases.count == 6)

        let handler = IntentRequestHandler(principal: INExtension(), principalClassName: "Intents.INExtension")
        let reply = await handler.answer(.describeAppIntents(requestID: 1, intents: ["MeditationKit.StartMeditationIntent"],
                                                             shortcutsProvider: "MeditationKit.MeditationShortcuts"))
        guard case .appIntentsDescribed(1, let runtime)? = reply else {
            Issue.record("The SDK did not describe MeditationKit's App Intents: \(String(describing: reply))")
            return
        }
        let built = try #require(kit.metadata.intent(typeName: "MeditationKit.StartMeditationIntent"))
        let described = try #require(runtime.intent(typeName: "MeditationKit.StartMeditationIntent"))
        #expect(built.name == described.name)
        #expect(built.title == described.title)
        #expect(built.description == described.description)
        #expect(built.authenticationPolicy == described.authenticationPolicy)
        #expect(built.openAppWhenRun == described.openAppWhenRun)
        #expect(built.parameters.map(\.name) == described.parameters.map(\.name))
        #expect(built.parameters.map(\.title) == described.parameters.map(\.title))
        #expect(built.parameters.map(\.kind) == described.parameters.map(\.kind))
        #expect(built.parameters.map(\.typeName) == described.parameters.map(\.typeName))
        #expect(built.parameters.map(\.isOptional) == described.parameters.map(\.isOptional))
        #expect(built.parameters.map(\.isList) == described.parameters.map(\.isList))
        #expect(built.parameters.map(\.hasDefault) == described.parameters.map(\.hasDefault))
        #expect(built.parameters.map(\.requestValueDialog) == described.parameters.map(\.requestValueDialog))
        #expect(built.parameters.first?.typeName == "MeditationKit.MeditationSession")

        let entity = try #require(kit.metadata.entity(typeName: "MeditationKit.MeditationSession"))
        let describedEntity = try #require(runtime.entity(typeName: "MeditationKit.MeditationSession"))
        #expect(entity.displayName == describedEntity.displayName)
        #expect(entity.matchesStrings == describedEntity.matchesStrings)
        #expect(entity.isEnumerable == describedEntity.isEnumerable)
        #expect(entity.matchesStrings)

        #expect(kit.metadata.shortcuts == runtime.shortcuts)
        #expect(kit.metadata.shortcuts.first?.phrases.last == "Meditate on ${session} with ${applicationName}")
    }

    @Test func theEchoLibraryCarriesItsIntents() throws {
        let records = try Self.records(ofLibrary: "EchoIntents")
        #expect(records.map(\.module) == ["EchoIntents"])
        let metadata = try #require(records.first).metadata
        #expect(metadata.intents.map(\.name) == ["EchoAppIntent", "LockedEchoAppIntent", "AskingEchoAppIntent"])
        #expect(metadata.intents.map(\.authenticationPolicy) == [.alwaysAllowed, .requiresAuthentication, .alwaysAllowed])
        #expect(metadata.intent(named: "EchoAppIntent")?.returnType == AppValueTypeSchema(kind: .string))
        #expect(metadata.intent(named: "EchoAppIntent")?.parameters == [AppParameterSchema(name: "text", title: "Text", kind: .string)])
    }
}
