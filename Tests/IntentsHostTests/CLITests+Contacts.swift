import CommandReports
import ExtensionProtocol
import Foundation
import SystemStore
import Testing

extension CLITests {
    /// `intents contacts` through a server (a forwarded command line) and embedded: the same
    /// choice in the state folder's store, the same listing, the same refusal of a bad file.
    @Test func contactsChosenThroughAServerAreTheEmbeddedHostsToo() async throws {
        let file = state.path + "/people.vcf"
        try """
        BEGIN:VCARD
        VERSION:3.0
        UID:kiki-1
        FN:Kiki Silva
        N:Silva;Kiki;;;
        NICKNAME:Ki
        TEL;TYPE=CELL:+351 910 000 001
        EMAIL:kiki@example.com
        END:VCARD

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let use = try await intents(.served, ["contacts", "use", file])
        #expect(use.status == 0, "\(use.stderr)")
        #expect(use.stdout == "Contacts: 1 in \(file).\n")
        #expect(try SystemStore(stateFolder: state.path).contactsPath() == file)
        for json in [false, true] {
            let run = try await sameServedAndEmbedded(["contacts", "list"] + (json ? ["--json"] : []))
            #expect(run.status == 0, "\(run.stderr)")
        }
        let listing = try await intents(.embedded, ["contacts", "list", "--json"]).json()
        #expect(listing["source"] as? String == file)
        let card = try #require((listing["contacts"] as? [[String: Any]])?.first)
        #expect(card["identifier"] as? String == "kiki-1" && card["displayName"] as? String == "Kiki Silva")
        #expect((card["phoneNumbers"] as? [[String: Any]])?.first?["value"] as? String == "+351 910 000 001")
        #expect(card["nicknames"] as? [String] == ["Ki"])

        let broken = state.path + "/broken.vcf"
        try "BEGIN:VCARD\nFN:Broken\nEND:VCALENDAR\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try await sameServedAndEmbedded(["contacts", "use", broken])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: Contacts file \(broken), line 3: END:VCALENDAR ends no card.\n")
        #expect(try SystemStore(stateFolder: state.path).contactsPath() == file, "a refused file is not chosen")

        #expect(try await intents(.served, ["contacts", "forget"]).stdout == "Contacts: none.\n")
        let none = try await sameServedAndEmbedded(["contacts", "list"])
        #expect(none.stdout == "No contacts: choose a .vcf file or folder with `intents contacts use PATH`.\n")
    }

    /// `contacts use` through a server names a file of the client's working folder wherever
    /// its path stands on the command line: after `--`, or after options (`use --state S
    /// PATH`), not a file of the server's working folder.
    @Test func aRelativeContactsPathIsTheClientsWhereverItStands() async throws {
        let samples = try sampleAppsFolder(apps)
        server.running = try await TestServer(apps: [samples], state: state.path)
        let folder = TemporaryFolder()
        try "BEGIN:VCARD\nFN:Kiki Silva\nEND:VCARD\n".write(toFile: folder.path + "/rel.vcf", atomically: true, encoding: .utf8)
        let file = URL(fileURLWithPath: folder.path + "/rel.vcf").resolvingSymlinksInPath().path
        for line in [["--apps", samples, "--state", state.path, "contacts", "use", "--", "rel.vcf"],
                     ["--apps", samples, "contacts", "use", "--state", state.path, "rel.vcf"],
                     ["--apps", samples, "--state", state.path, "contacts", "use", "./rel.vcf"]] {
            try SystemStore(stateFolder: state.path).setContactsPath(nil)
            let served = server.running?.servedCount ?? 0
            let run = try await runProgram(Package.cli, line, environment: cliEnvironment(home: state.path), currentDirectory: folder.path)
            let label = line.joined(separator: " ")
            #expect(run.status == 0, "\(label): \(run.output)")
            #expect(server.running?.servedCount == served + 1, "\(label): not served")
            let chosen = try SystemStore(stateFolder: state.path).contactsPath()
            #expect(chosen.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == file, "\(label): \(chosen ?? "none")")
        }
    }
}

/// A place's postal address is in `--json` output and transcripts, its empty parts left out.
@Suite struct PlacemarkReportTests {
    @Test func theJSONOfAPlaceHoldsItsAddress() {
        let place = IntentValue.placemark(PlacemarkValue(name: "Café", postalAddress: PostalAddressValue(
            street: "Rua Augusta 1", city: "Lisboa", country: "Portugal")))
        #expect(place.jsonValue.text == #"{"name":"Café","postalAddress":{"city":"Lisboa","country":"Portugal","street":"Rua Augusta 1"}}"#)
        let plain = place.plainValue as? [String: Any]
        #expect((plain?["postalAddress"] as? [String: String]) == ["street": "Rua Augusta 1", "city": "Lisboa", "country": "Portugal"])
    }
}
