import ArgumentParser
import Foundation
import SharedKit

/// The MonkeyChat app: contacts and sent messages, shared with its Intents extension.
struct MonkeyChatApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkeychat",
        abstract: "The MonkeyChat sample app: contacts and sent messages, shared with its Intents extension.",
        discussion: """
        Examples:
          monkeychat contacts
          monkeychat add-contact c-zaza Zaza @zaza
          monkeychat messages
        """,
        subcommands: [Contacts.self, AddContact.self, RemoveContact.self, Messages.self],
        defaultSubcommand: Contacts.self)
}

struct StateOption: ParsableArguments {
    @Option(help: "The host's state folder (default: $INTENTS_STATE, else ~/.local/state/intents).") var state: String?

    func data() throws -> MonkeyChatData {
        let containers = try AppGroupContainers.forApp(named: "MonkeyChat", stateFolder: state ?? AppGroupContainers.defaultStateFolder())
        return try MonkeyChatData(containers: containers)
    }
}

struct Contacts: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the contacts.")
    @OptionGroup var options: StateOption
    func run() throws {
        for contact in try options.data().contacts().contacts {
            print("\(contact.identifier.padding(toLength: 16, withPad: " ", startingAt: 0)) \(contact.name) \(contact.screenName)")
        }
    }
}

struct AddContact: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add-contact", abstract: "Add or replace a contact.")
    @OptionGroup var options: StateOption
    @Argument(help: "An identifier, unique among contacts.") var identifier: String
    @Argument(help: "The name Siri hears.") var name: String
    @Argument(help: "The screen name, like @zaza.") var screenName: String
    func run() throws {
        try options.data().save(Contact(identifier: identifier, name: name, screenName: screenName))
        print("Saved \(name) (\(screenName)).")
    }
}

struct RemoveContact: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-contact", abstract: "Remove a contact.")
    @OptionGroup var options: StateOption
    @Argument(help: "The contact's identifier.") var identifier: String
    func run() throws {
        guard try options.data().removeContact(identifier: identifier) else {
            throw ValidationError("No contact \"\(identifier)\"; `monkeychat contacts` lists them.")
        }
        print("Removed \(identifier).")
    }
}

struct Messages: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the messages sent through the extension.")
    @OptionGroup var options: StateOption
    func run() throws {
        let messages = try options.data().sentMessages()
        if messages.isEmpty { print("No messages sent yet.") }
        for message in messages { print("to \(message.recipients.joined(separator: ", ")): \(message.content)") }
    }
}

MonkeyChatApp.main()
