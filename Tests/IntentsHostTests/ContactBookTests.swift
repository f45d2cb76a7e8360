import ContactBook
import ExtensionProtocol
import Foundation
import HostBundles
@testable import IntentsHost
import Synchronization
import Testing
import ExtensionProcesses

/// The user's contacts as the host reads them: vCard files, untrusted, bounded; and the names
/// a spoken name matches.
@Suite struct ContactBookTests {
    let parser = VCardParser()

    @Test func readsVersion3And4CardsWithFoldedLines() throws {
        let text = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:mom-1\r
        FN:Maria\r
          Silva\r
        N:Silva;Maria;;;\r
        NICKNAME:Mom,Mamã\r
        TEL;TYPE=HOME,VOICE:+351 210 000 100\r
        TEL;TYPE=CELL:+351 910 000 100\r
        EMAIL;TYPE=INTERNET:maria@example.com\r
        END:VCARD\r
        BEGIN:VCARD
        VERSION:4.0
        FN:Dr. Ana Costa
        N:Costa;Ana;Rita;Dr.;
        item1.EMAIL;PREF=1:ana@work.example
        EMAIL:ana@example.com
        ORG:Hospital de Santa Maria\\, EPE;Cardiology
        NOTE:Line one\\nline two: with a colon
        TEL;VALUE=uri;TYPE="voice,work":tel:+351-210-000-200
        END:VCARD
        """
        let cards = try parser.cards(in: text, file: "/home/me/contacts.vcf")
        #expect(cards.count == 2)
        let mom = cards[0]
        #expect(mom.identifier == "mom-1" && mom.formattedName == "Maria Silva", "a folded line loses its break and one space")
        #expect(mom.givenName == "Maria" && mom.familyName == "Silva" && mom.nicknames == ["Mom", "Mamã"])
        #expect(mom.phoneNumbers == [.init(value: "+351 210 000 100", types: ["home", "voice"]), .init(value: "+351 910 000 100", types: ["cell"])])
        #expect(mom.preferredHandle?.value == "+351 910 000 100" && mom.preferredHandle?.isPhoneNumber == true, "a mobile number before a home one")
        #expect(mom.source == "/home/me/contacts.vcf:1")
        let ana = cards[1]
        #expect(ana.identifier == "contacts.vcf#12", "no UID: the file and the card's line")
        #expect(ana.middleName == "Rita" && ana.organization == "Hospital de Santa Maria, EPE")
        #expect(ana.phoneNumbers == [.init(value: "+351-210-000-200", types: ["voice", "work"])])
        #expect(ana.emailAddresses.first == .init(value: "ana@work.example", types: ["pref"]))
        #expect(ana.displayName == "Dr. Ana Costa")
    }

    @Test func readsVersion21QuotedPrintableAndBareTypes() throws {
        let text = """
        BEGIN:VCARD
        VERSION:2.1
        N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Gon=C3=A7alves;Jo=C3=A3o
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jo=C3=A3o Gon=
        =C3=A7alves
        TEL;CELL;PREF:+351 960 000 300
        TEL;WORK:+351 210 000 300
        END:VCARD
        """
        let card = try #require(try parser.cards(in: text, file: "old.vcf").first)
        #expect(card.formattedName == "João Gonçalves" && card.givenName == "João" && card.familyName == "Gonçalves")
        #expect(card.phoneNumbers.map(\.types) == [["cell", "pref"], ["work"]])
        #expect(card.preferredHandle?.value == "+351 960 000 300")
    }

    @Test(arguments: [
        ("BEGIN:VCARD\nFN:A\nBEGIN:VCARD\nEND:VCARD\n", "Contacts file f.vcf, line 3: a card begins inside the card begun on line 1."),
        ("BEGIN:VCARD\nFN:A\n", "Contacts file f.vcf, line 1: the card begun here has no END:VCARD."),
        ("FN:A\n", "Contacts file f.vcf, line 1: FN is outside any BEGIN:VCARD ... END:VCARD."),
        ("BEGIN:VCARD\nFN:A\nEND:VCARD\nEND:VCARD\n", "Contacts file f.vcf, line 4: END:VCARD ends no card."),
        ("BEGIN:VCARD\nVERSION:3.0\nthis line has no colon\nEND:VCARD\n",
         "Contacts file f.vcf, line 3: \"this line has no colon\" is not a vCard line (NAME:value)."),
        ("BEGIN:VCARD\nVERSION:3.0\nTEL:1\nEND:VCARD\n", "Contacts file f.vcf, line 4: the card begun on line 1 has no name (FN, N, NICKNAME or ORG)."),
        ("BEGIN:VCALENDAR\nEND:VCALENDAR\n", "Contacts file f.vcf, line 1: BEGIN:VCALENDAR is not BEGIN:VCARD."),
        ("BEGIN:VCARD\nF N:A\nEND:VCARD\n", "Contacts file f.vcf, line 2: \"F N\" is not a vCard property name."),
    ])
    func malformedCardsAreOneSentenceWithTheFileAndLine(_ text: String, _ message: String) {
        let error = #expect(throws: ContactBookError.self) { try parser.cards(in: text, file: "f.vcf") }
        #expect(error?.message == message)
    }

    @Test func hostileInputIsBoundedNotFatal() throws {
        // Too many cards in one file.
        let card = "BEGIN:VCARD\nFN:X\nEND:VCARD\n"
        let error = #expect(throws: ContactBookError.self) {
            try VCardParser(maximumCards: 3).cards(in: String(repeating: card, count: 4), file: "many.vcf")
        }
        #expect(error?.message == "Contacts file many.vcf, line 10: the contacts hold more than 3 cards.")
        // Odd bytes, escapes and quotes read as text, never a crash.
        let odd = "BEGIN:VCARD\nFN:\\\nN:;;;;;;;;\nTEL;TYPE=\"unclosed:+1\nNICKNAME:,,\\,\nEMAIL:=ZZ\nEND:VCARD\n"
        let cards = try parser.cards(in: odd, file: "odd.vcf")
        #expect(cards.count == 1 && cards[0].nicknames == [","])
        #expect(try parser.cards(in: "", file: "empty.vcf").isEmpty)
    }

    @Test func filesAndFoldersAreReadWithinTheirLimits() throws {
        let folder = TemporaryFolder()
        try "BEGIN:VCARD\nFN:Bea\nTEL:1\nEND:VCARD\n".write(toFile: folder.path + "/b.vcf", atomically: true, encoding: .utf8)
        try "BEGIN:VCARD\nFN:Al\nEMAIL:al@example.com\nEND:VCARD\n".write(toFile: folder.path + "/a.VCF", atomically: true, encoding: .utf8)
        try "not a card".write(toFile: folder.path + "/notes.txt", atomically: true, encoding: .utf8)
        let book = try ContactBook(contentsOf: folder.path)
        #expect(book.cards.map(\.displayName) == ["Al", "Bea"], "the .vcf files only, in name order")
        #expect(book.cards[0].preferredHandle?.value == "al@example.com" && book.cards[0].preferredHandle?.isPhoneNumber == false)

        let big = folder.path + "/big.vcf"
        try String(repeating: "x", count: 2_000).write(toFile: big, atomically: true, encoding: .utf8)
        let tooBig = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: big, maximumFileSize: 1_000) }
        #expect(tooBig?.message == "Contacts file \(big): the file is larger than 1000 bytes.")
        let tooMany = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: folder.path, maximumCards: 1) }
        #expect(tooMany?.message == "Contacts file \(folder.path)/b.vcf, line 1: the contacts hold more than 1 cards.")
        let missing = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: folder.path + "/none.vcf") }
        #expect(missing?.message == "Contacts file \(folder.path)/none.vcf: no such file or folder.")
        try Data([0x42, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: folder.path + "/bad.vcf"))
        let notText = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: folder.path + "/bad.vcf") }
        #expect(notText?.message == "Contacts file \(folder.path)/bad.vcf: the file is not UTF-8 text.")
    }

    /// A card's handles and nicknames and a line's parameters are bounded, each refusal one
    /// sentence naming the file and line; and so are all of a folder's files together.
    @Test func cardsLinesAndFoldersAreBoundedByFileAndLine() throws {
        func refusal(_ text: String) -> String? {
            (#expect(throws: ContactBookError.self) { try parser.cards(in: text, file: "f.vcf") })?.message
        }
        let tels = (1...ContactBook.maximumHandles).map { "TEL:\($0)\n" }.joined()
        #expect(try parser.cards(in: "BEGIN:VCARD\nFN:A\n\(tels)END:VCARD\n", file: "f.vcf").first?.phoneNumbers.count == 64)
        #expect(refusal("BEGIN:VCARD\nFN:A\n\(tels)EMAIL:a@example.com\nEND:VCARD\n")
                == "Contacts file f.vcf, line 67: the card begun on line 1 has more than 64 phone numbers and email addresses.")
        let nicknames = (1...17).map { "n\($0)" }.joined(separator: ",")
        #expect(refusal("BEGIN:VCARD\nFN:A\nNICKNAME:\(nicknames)\nEND:VCARD\n")
                == "Contacts file f.vcf, line 3: the card begun on line 1 has more than 16 nicknames.")
        let parameters = String(repeating: ";X-P=1", count: 33)
        #expect(refusal("BEGIN:VCARD\nFN:A\nTEL\(parameters):1\nEND:VCARD\n") == "Contacts file f.vcf, line 3: the line has more than 32 parameters.")
        let types = (1...33).map { "t\($0)" }.joined(separator: ",")
        #expect(refusal("BEGIN:VCARD\nFN:A\nTEL;TYPE=\(types):1\nEND:VCARD\n") == "Contacts file f.vcf, line 3: the line has more than 32 parameters.",
                "a list's values count one by one")

        // Files each within their size, but too large together.
        let folder = TemporaryFolder()
        let card = "BEGIN:VCARD\nFN:Bea\nEND:VCARD\n"
        for name in ["a.vcf", "b.vcf", "c.vcf"] { try card.write(toFile: folder.path + "/" + name, atomically: true, encoding: .utf8) }
        #expect(try ContactBook(contentsOf: folder.path, maximumTotalSize: card.utf8.count * 3).cards.count == 3)
        let together = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: folder.path, maximumTotalSize: card.utf8.count * 3 - 1) }
        #expect(together?.message == "Contacts file \(folder.path)/c.vcf: the contacts files together are larger than \(card.utf8.count * 3 - 1) bytes.")
    }

    /// Each file is opened without waiting and judged by what it opened: a FIFO (named .vcf,
    /// or linked to) is refused at once, never waited on; a symbolic link to a card file is
    /// followed in a folder as the folder's own path is.
    @Test func aFIFOIsRefusedAndSymbolicLinksAreFollowed() throws {
        let folder = TemporaryFolder()
        let outside = TemporaryFolder()
        try "BEGIN:VCARD\nFN:Al\nEND:VCARD\n".write(toFile: outside.path + "/al.vcf", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked.vcf", withDestinationPath: outside.path + "/al.vcf")
        try FileManager.default.createSymbolicLink(atPath: outside.path + "/folder", withDestinationPath: folder.path)
        #expect(try ContactBook(contentsOf: folder.path).cards.map(\.displayName) == ["Al"], "a linked card file in a folder is read")
        #expect(try ContactBook(contentsOf: outside.path + "/folder").cards.map(\.displayName) == ["Al"], "as a linked folder is")

        let fifo = folder.path + "/pipe.vcf"
        try #require(mkfifo(fifo, 0o644) == 0)
        for path in [fifo, folder.path] {
            let refused = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: path) }
            #expect(refused?.message == "Contacts file \(fifo) is not a regular file.")
        }
        let linkedFIFO = outside.path + "/pipe.vcf"
        try FileManager.default.createSymbolicLink(atPath: linkedFIFO, withDestinationPath: fifo)
        let linked = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: linkedFIFO) }
        #expect(linked?.message == "Contacts file \(linkedFIFO) is not a regular file.")
        try FileManager.default.removeItem(atPath: fifo)
        try FileManager.default.createDirectory(atPath: folder.path + "/sub.vcf", withIntermediateDirectories: false)
        let subfolder = #expect(throws: ContactBookError.self) { try ContactBook(contentsOf: folder.path) }
        #expect(subfolder?.message == "Contacts file \(folder.path)/sub.vcf is not a regular file.")
    }

    /// A book's names are normalized once, when it is made: a list of names matched against
    /// 10000 cards reads no card again (each lookup once normalized every card's names).
    /// Lookups go through the book's index of normalized names (how fast is for the benchmarks,
    /// not a timed test): every card of a full book is found by its given name and its full name.
    @Test func aFullBookFindsEachCardByItsNames() throws {
        let cards = (0..<ContactBook.maximumCards).map { number in
            ContactCard(identifier: "\(number)", formattedName: "Person \(number)", givenName: "Given\(number)", familyName: "Family",
                        nicknames: ["Nick\(number)"])
        }
        let book = ContactBook(cards: cards)
        for number in stride(from: 0, to: ContactBook.maximumCards, by: 20) {
            #expect(book.matches(for: "given\(number)").map(\.identifier) == ["\(number)"])
        }
        #expect(book.matches(for: "PERSON 42").map(\.identifier) == ["42"])
    }

    @Test func spokenNamesMatchFullGivenAndNicknamesIgnoringCaseAndAccents() throws {
        let book = ContactBook(cards: [
            ContactCard(identifier: "1", formattedName: "Maria Silva", givenName: "Maria", familyName: "Silva", nicknames: ["Mom"]),
            ContactCard(identifier: "2", formattedName: "Maria Costa", givenName: "Maria", familyName: "Costa"),
            ContactCard(identifier: "3", formattedName: "José Neves", givenName: "José", familyName: "Neves"),
            ContactCard(identifier: "4", formattedName: "Pizza Place", organization: "Pizza Place"),
        ])
        #expect(book.matches(for: "mom").map(\.identifier) == ["1"])
        #expect(book.matches(for: "  MARIA   silva ").map(\.identifier) == ["1"])
        #expect(book.matches(for: "Maria").map(\.identifier) == ["1", "2"])
        #expect(book.matches(for: "jose").map(\.identifier) == ["3"])
        #expect(book.matches(for: "pizza place").map(\.identifier) == ["4"])
        #expect(book.matches(for: "Silva").isEmpty, "a family name alone is not matched")
        #expect(book.matches(for: "Mari").isEmpty, "nor a prefix")
        #expect(book.matches(for: " ").isEmpty)
        // No N: FN's first word is the given name, unless FN is the organization's.
        let fnOnly = ContactBook(cards: [ContactCard(identifier: "5", formattedName: "Alex Roe"),
                                         ContactCard(identifier: "6", formattedName: "Acme Tools", organization: "Acme Tools")])
        #expect(fnOnly.matches(for: "alex").map(\.identifier) == ["5"])
        #expect(fnOnly.matches(for: "acme").isEmpty)
    }

    @Test func oneMatchBecomesThePersonWithItsHandleAndTheAppsNamesAreCandidates() async throws {
        let book = ContactBook(cards: [
            ContactCard(identifier: "mom-1", formattedName: "Maria Silva", givenName: "Maria", nicknames: ["Mom"],
                        phoneNumbers: [.init(value: "+351 910 000 100", types: ["cell"])]),
            ContactCard(identifier: "kiki", formattedName: "Kiki", emailAddresses: [.init(value: "kiki@example.com")]),
        ])
        let resolution = PersonResolution(contacts: { book }, appContactNames: { ["Kiki", "Bobo"] })
        #expect(try await resolution.candidates(for: PersonValue(displayName: "mom"))
                == [PersonValue(displayName: "Maria Silva", handle: "+351 910 000 100", handleType: 2, contactIdentifier: "mom-1")])
        // Kiki is in the contacts and is one of the app's own contact names: both are offered.
        #expect(try await resolution.candidates(for: PersonValue(displayName: "KIKI"))
                == [PersonValue(displayName: "Kiki", handle: "kiki@example.com", handleType: 1, contactIdentifier: "kiki"),
                    PersonValue(displayName: "KIKI")])
        #expect(try await resolution.candidates(for: PersonValue(displayName: "Bobo")) == [PersonValue(displayName: "Bobo")])
        #expect(try await resolution.candidates(for: PersonValue(displayName: "Zed")).isEmpty)
        let broken = PersonResolution(contacts: { throw ContactBookError(file: "c.vcf", line: 2, "END:X ends no card") })
        let error = await #expect(throws: HostError.self) { try await broken.candidates(for: PersonValue(displayName: "Mom")) }
        #expect(error?.code == .badState && error?.message == "Contacts file c.vcf, line 2: END:X ends no card.")
    }
}

/// The driver's part: people are matched before the extension's resolve, a name once per
/// parameter, and only people the user named but did not identify.
@Suite struct ContactMatchingDriverTests {
    /// Answers every resolve with "no resolve method" (the value stays as sent), recording what
    /// each resolve carried; confirm is ready, handle succeeds.
    final class RecordingChannel: ExtensionChannel, @unchecked Sendable {
        let resolved = Mutex<[IntentValue?]>([])
        var isAlive: Bool { true }
        func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
            switch message {
            case .resolve(let id, _, let intent, let parameter):
                resolved.withLock { $0.append(intent.parameters[parameter]) }
                return .resolved(requestID: id, results: [.unimplemented])
            case .confirm(let id, _, _): return .responded(requestID: id, response: ResponsePayload(code: 1, codeName: "ready", category: .ready))
            case .handle(let id, _, _): return .responded(requestID: id, response: ResponsePayload(code: 3, codeName: "success", category: .success))
            default: throw HostError(.extensionFailed, "unexpected \(message)")
            }
        }
        func notify(_ message: HostToExtensionMessage) {}
        func shutdown() async {}
    }

    static let schema = IntentSchema(name: "NoteFriendsIntent", parameters: [
        ParameterSchema(name: "recipients", title: "recipient", type: .person, isList: true),
        ParameterSchema(name: "content", type: .string),
    ])
    static let book = ContactBook(cards: [
        ContactCard(identifier: "mom-1", formattedName: "Maria Silva", givenName: "Maria", nicknames: ["Mom"],
                    phoneNumbers: [.init(value: "+351 910 000 100", types: ["cell"])]),
        ContactCard(identifier: "ana-1", formattedName: "Ana Costa", givenName: "Ana", emailAddresses: [.init(value: "ana@example.com")]),
        ContactCard(identifier: "ana-2", formattedName: "Ana Neves", givenName: "Ana", phoneNumbers: [.init(value: "+351 910 000 200")]),
    ])

    @Test func peopleAreMatchedBeforeResolveAndTheUserPicksAmongSeveral() async throws {
        let channel = RecordingChannel()
        let loads = Mutex(0)
        var driver = ConversationDriver(channel: channel, schema: Self.schema, user: ScriptedUser(answers: ["2"]), timeout: .seconds(5))
        driver.personResolution = PersonResolution(contacts: { loads.withLock { $0 += 1 }; return Self.book })
        let known = PersonValue(displayName: "Mom", handle: "+1 555", handleType: 2)
        let outcome = try await driver.run(IntentPayload(name: "NoteFriendsIntent", parameters: [
            "recipients": .list([.person(PersonValue(displayName: "mom")), .person(PersonValue(displayName: "ana")),
                                 .person(PersonValue(displayName: "Zed")), .person(known)]),
            "content": .string("hi"),
        ]))
        let expected = IntentValue.list([
            .person(PersonValue(displayName: "Maria Silva", handle: "+351 910 000 100", handleType: 2, contactIdentifier: "mom-1")),
            .person(PersonValue(displayName: "Ana Neves", handle: "+351 910 000 200", handleType: 2, contactIdentifier: "ana-2")),
            .person(PersonValue(displayName: "Zed")),
            .person(known),
        ])
        #expect(channel.resolved.withLock { $0.first } == expected, "the extension's first resolve already has the contacts")
        #expect(outcome.intent.parameters["recipients"] == expected)
        #expect(outcome.prompts.map(\.text) == ["Which recipient do you mean?"])
        #expect(outcome.prompts.first?.choices == ["Ana Costa (ana@example.com)", "Ana Neves (+351 910 000 200)"])
        #expect(loads.withLock { $0 } == 1, "the contacts are read once per conversation")
    }

    /// Answers each resolve with the next of `results`, recording what it carried.
    final class ScriptedChannel: ExtensionChannel, @unchecked Sendable {
        let results: Mutex<[ResolutionPayload]>
        let resolved = Mutex<[IntentValue?]>([])
        init(_ results: [ResolutionPayload]) { self.results = Mutex(results) }
        var isAlive: Bool { true }
        func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
            switch message {
            case .resolve(let id, _, let intent, let parameter):
                resolved.withLock { $0.append(intent.parameters[parameter]) }
                let next = results.withLock { $0.isEmpty ? ResolutionPayload.unimplemented : $0.removeFirst() }
                return .resolved(requestID: id, results: [next])
            case .confirm(let id, _, _): return .responded(requestID: id, response: ResponsePayload(code: 1, codeName: "ready", category: .ready))
            case .handle(let id, _, _): return .responded(requestID: id, response: ResponsePayload(code: 3, codeName: "success", category: .success))
            default: throw HostError(.extensionFailed, "unexpected \(message)")
            }
        }
        func notify(_ message: HostToExtensionMessage) {}
        func shutdown() async {}
    }

    /// Only names the user gave are matched: a person the extension offered (a choice, a value
    /// to confirm) and the user took reaches the extension as it offered it, not as a contact
    /// of that name; a name the user typed when asked for a value is matched.
    @Test func onlyNamesTheUserGaveAreMatchedNotPeopleTheExtensionOffered() async throws {
        func person(_ name: String) -> IntentValue { .person(PersonValue(displayName: name)) }
        let channel = ScriptedChannel([
            .disambiguation(choices: [person("Mom"), person("Zed Zulu")]),
            .confirmationRequired(value: person("Ana")),
            .needsValue,
            .success(value: .person(PersonValue(displayName: "Maria Silva", handle: "+351 910 000 100", handleType: 2, contactIdentifier: "mom-1"))),
        ])
        var driver = ConversationDriver(channel: channel, schema: Self.schema, user: ScriptedUser(answers: ["1", "yes", "mom"]), timeout: .seconds(5))
        driver.personResolution = PersonResolution(contacts: { Self.book })
        let outcome = try await driver.run(IntentPayload(name: "NoteFriendsIntent", parameters: [
            "recipients": .list([person("Zed")]), "content": .string("hi")]))
        let mom = IntentValue.person(PersonValue(displayName: "Maria Silva", handle: "+351 910 000 100", handleType: 2, contactIdentifier: "mom-1"))
        #expect(channel.resolved.withLock { Array($0.prefix(4)) } == [.list([person("Zed")]), .list([person("Mom")]), .list([person("Ana")]), .list([mom])],
                "the extension's Mom and Ana stay its own; the Mom the user typed is the contact")
        #expect(outcome.prompts.map(\.text) == ["Which recipient do you mean?", "Did you mean Ana for recipient?", "What should the recipient be?"],
                "no question about the two contacts named Ana")
    }

    @Test func withoutContactsNothingIsReadOrAsked() async throws {
        let channel = RecordingChannel()
        let driver = ConversationDriver(channel: channel, schema: Self.schema, user: ScriptedUser(answers: []), timeout: .seconds(5))
        let outcome = try await driver.run(IntentPayload(name: "NoteFriendsIntent", parameters: [
            "recipients": .list([.person(PersonValue(displayName: "Mom"))]), "content": .string("hi")]))
        #expect(outcome.intent.parameters["recipients"] == .list([.person(PersonValue(displayName: "Mom"))]))
        #expect(outcome.prompts.isEmpty)
    }
}
