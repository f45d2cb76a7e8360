import ArgumentParser
import ContactBook
import ExtensionProcesses
import HostBundles
import Foundation
import IntentsHost
import SystemStore

/// `intents contacts`: the user's contacts, which Siri's person resolution matches spoken names against.
struct ContactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Choose and list the user's contacts (vCard files), which a spoken name is matched against before an extension resolves a person.",
        discussion: """
        As Siri does, the host looks up each person named but not identified (contacts=Mom) in the
        user's contacts before the extension's resolve: one match gives the extension an INPerson
        with the contact's handle (a phone number, else an email address) and identifier; several
        make the host ask which one; none leaves the name as spoken. A name is matched against a
        contact's full name, given name (from N, else FN's first word) and nicknames (NICKNAME),
        ignoring case and diacritics. Only names the user gave are matched (the values sent, or a
        value typed when asked), never a person the extension offered, and only for conversations
        started with the intents command (send, say, test): another program's request to a server
        never has its names matched, nor learns a contact.

        The contacts are the .vcf file, or the .vcf files of the folder, chosen with `contacts use`
        (kept in the state folder's system store), or named by INTENTS_CONTACTS in the environment
        of the host that runs the conversation (the server's, when one runs), which comes first.
        vCard 2.1, 3.0 and 4.0 are read: FN, N, NICKNAME, ORG, TEL and EMAIL with their TYPE, UID.
        Each file is a regular file (a symbolic link to one is followed) of at most 4 MiB, all of
        them at most 16 MiB and 10000 cards; a card has at most 64 phone numbers and email
        addresses and 16 nicknames.

        Examples:
          intents contacts use ~/Contacts/contacts.vcf
          intents contacts list
          intents contacts list --json
          intents send INStartCallIntent --param contacts=Mom
          intents contacts forget
        """,
        subcommands: [UseCommand.self, ListCommand.self, ForgetCommand.self])

    struct UseCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "use",
            abstract: "Read the user's contacts from a .vcf file, or from the .vcf files of a folder.",
            discussion: "The file is read now, and a malformed card is refused with its file and line.\n\nExample:\n  intents contacts use ~/Contacts")

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("A .vcf file, or a folder of them.", valueName: "path")) var path: String

        func run() async throws {
            // A client forwarding the command made the path absolute (ClientArguments.absolutized);
            // a relative one would name a file in the server's working folder, not the user's.
            if HostSession.server != nil, !path.hasPrefix("/") {
                throw HostError(.usage, "The contacts path \(path) is relative, and the server runs in another folder; give an absolute path.")
            }
            let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/"))
                .standardizedFileURL.path
            let book = try SystemCommandSupport.reporting(false) { try ContactsCommand.read(absolute) }
            let store = try global.systemStore(json: false)
            try await SystemCommandSupport.writing(store, json: false) { try $0.setContactsPath(absolute) }
            printLine("Contacts: \(book.cards.count) in \(absolute).")
        }
    }

    struct ListCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the contacts a spoken name is matched against.",
            discussion: "Examples:\n  intents contacts list\n  intents contacts list --json")

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object.") var json = false

        func run() async throws {
            let environment = CommandIO.current.environment["INTENTS_CONTACTS"].flatMap { $0.isEmpty ? nil : $0 }
            let store = try global.systemStore(json: json)
            let path = try SystemCommandSupport.reporting(json) { try environment ?? store.contactsPath() }
            let book = try path.map { path in try SystemCommandSupport.reporting(json) { try ContactsCommand.read(path) } }
            if json {
                JSONOutput.print(["source": path.map { $0 as Any } ?? NSNull(), "contacts": (book?.cards ?? []).map(Self.plain)])
                return
            }
            guard let path, let book else {
                printLine("No contacts: choose a .vcf file or folder with `intents contacts use PATH`.")
                return
            }
            printLine("\(book.cards.count) contacts in \(path)\(environment != nil ? " (INTENTS_CONTACTS)" : ""):")
            for card in book.cards {
                var details = card.phoneNumbers.map { Self.describe($0) } + card.emailAddresses.map { Self.describe($0) }
                if !card.nicknames.isEmpty { details.insert("nickname " + card.nicknames.joined(separator: ", "), at: 0) }
                printLine("  \(card.displayName)\(details.isEmpty ? "" : ": " + details.joined(separator: "; ")) [\(card.identifier)]")
            }
        }

        static func describe(_ handle: ContactCard.Handle) -> String {
            handle.types.isEmpty ? handle.value : "\(handle.value) (\(handle.types.joined(separator: ", ")))"
        }

        static func plain(_ card: ContactCard) -> [String: Any] {
            func handles(_ list: [ContactCard.Handle]) -> [[String: Any]] { list.map { ["value": $0.value, "types": $0.types] } }
            return ["identifier": card.identifier, "displayName": card.displayName, "givenName": card.givenName,
                    "familyName": card.familyName, "nicknames": card.nicknames, "organization": card.organization,
                    "phoneNumbers": handles(card.phoneNumbers), "emailAddresses": handles(card.emailAddresses), "source": card.source]
        }
    }

    struct ForgetCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Stop reading the user's contacts (the files are left as they are).",
            discussion: "Example:\n  intents contacts forget")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let store = try global.systemStore(json: false)
            try await SystemCommandSupport.writing(store, json: false) { try $0.setContactsPath(nil) }
            printLine("Contacts: none.")
        }
    }

    /// The contacts at `path`, their errors as the host reports them (exit 1, naming file and line).
    static func read(_ path: String) throws -> ContactBook {
        do {
            return try ContactBook(contentsOf: path)
        } catch let error as ContactBookError {
            throw HostError(.badState, error.message)
        }
    }
}
