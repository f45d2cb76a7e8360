import ArgumentParser
import Foundation
import Intents
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
          monkeychat send c-kiki "Bananas at noon?"   # donated
          monkeychat authorize-siri
        """,
        subcommands: [Contacts.self, AddContact.self, RemoveContact.self, Messages.self, Send.self,
                      AuthorizeSiri.self, ContinueActivity.self],
        defaultSubcommand: Contacts.self)
}

struct StateOption: ParsableArguments {
    @Option(help: "The host's state folder (default: $INTENTS_STATE, else ~/.local/state/intents).") var state: String?

    /// Donations, vocabulary and authorization go to this state folder's system store.
    func useStateForSystem() {
        if let state { IntentsAppContext.configure(appBundle: nil, stateFolder: state) }
    }

    func data() throws -> MonkeyChatData {
        useStateForSystem()
        let containers = try AppGroupContainers.forApp(named: "MonkeyChat", stateFolder: state ?? AppGroupContainers.defaultStateFolder())
        return try MonkeyChatData(containers: containers)
    }
}

struct Contacts: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the contacts (and teach the system their names).")
    @OptionGroup var options: StateOption
    func run() throws {
        let data = try options.data()
        try MonkeyChatActivities.updateVocabulary(data)
        for contact in try data.contacts().contacts {
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
        let data = try options.data()
        try data.save(Contact(identifier: identifier, name: name, screenName: screenName))
        try MonkeyChatActivities.updateVocabulary(data)
        print("Saved \(name) (\(screenName)).")
    }
}

struct RemoveContact: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove-contact", abstract: "Remove a contact.")
    @OptionGroup var options: StateOption
    @Argument(help: "The contact's identifier.") var identifier: String
    func run() throws {
        let data = try options.data()
        guard try data.removeContact(identifier: identifier) else {
            throw ValidationError("No contact \"\(identifier)\"; `monkeychat contacts` lists them.")
        }
        try MonkeyChatActivities.updateVocabulary(data)
        print("Removed \(identifier).")
    }
}

struct Messages: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the messages sent (donated as an activity).")
    @OptionGroup var options: StateOption
    func run() throws {
        let data = try options.data()
        MonkeyChatActivities.donateShowMessages()
        try printMessages(data)
    }
}

MonkeyChatApp.main()
