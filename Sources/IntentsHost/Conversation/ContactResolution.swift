import ContactBook
import ExtensionProtocol
import Foundation
import HostBundles
import Synchronization

/// Siri's person resolution on the host: where a conversation finds the user's contacts and
/// the app's own contact names (`INVocabulary`'s `.contactName`).
///
/// Before the extension resolves a parameter whose values are people, each person the user
/// named but did not identify (a display name with no handle, contact identifier or custom
/// identifier) is matched against the user's contacts (`ContactBook.matches(for:)`: the full
/// name, the given name or a nickname, ignoring case and diacritics) and against the app's
/// contact names:
/// - exactly one contact and no app contact name: the person becomes that contact, with its
///   handle (`ContactCard.preferredHandle`: a phone number, else an email address), its
///   identifier as `contactIdentifier`, and its display name;
/// - several candidates: the user picks one ("Which contact do you mean?") before resolve; the
///   app's contact name, when picked, leaves the name as spoken;
/// - no contact: the name reaches the handler unchanged, as Siri gives an app a name it does
///   not find in the user's contacts (an app contact name is such a name: Apple asks apps
///   not to register names already in Contacts).
public struct PersonResolution: Sendable {
    private let loadContacts: @Sendable () async throws -> ContactBook?
    private let loadAppContactNames: @Sendable () async throws -> [String]
    private let loaded = Loaded()

    /// What each conversation reads once, when it first needs it.
    private final class Loaded: Sendable {
        let contacts = Mutex<ContactBook??>(nil)
        let appNames = Mutex<Set<String>?>(nil)
    }

    /// - Parameters:
    ///   - contacts: Reads the user's contacts; nil when the user chose none. Called at most once,
    ///     and only when a person needs matching. A conversation may run on the thread that
    ///     reads its extension's replies: what blocks (the store, files) waits elsewhere.
    ///   - appContactNames: The contact names the app registered (`INVocabulary`).
    public init(contacts: @escaping @Sendable () async throws -> ContactBook?,
                appContactNames: @escaping @Sendable () async throws -> [String] = { [] }) {
        self.loadContacts = contacts
        self.loadAppContactNames = appContactNames
    }

    /// No contacts and no app contact names: every name reaches the handler as spoken.
    public static let none = PersonResolution(contacts: { nil })

    /// The people `person` may be, contacts first (each with its handle and identifier), then
    /// the person as spoken when the name is one of the app's contact names.
    /// - Throws: `HostError` (`.badState`) when the contacts cannot be read.
    func candidates(for person: PersonValue) async throws -> [PersonValue] {
        let book: ContactBook?
        if let cached = loaded.contacts.withLock({ $0 }) {
            book = cached
        } else {
            do {
                book = try await loadContacts()
            } catch let error as ContactBookError {
                throw HostError(.badState, error.message)
            }
            loaded.contacts.withLock { $0 = .some(book) }
        }
        var candidates = (book?.matches(for: person.displayName) ?? []).map { card in
            let handle = card.preferredHandle
            // INPersonHandleType: 1 email address, 2 phone number.
            return PersonValue(displayName: card.displayName, handle: handle?.value, handleType: handle.map { $0.isPhoneNumber ? 2 : 1 },
                               contactIdentifier: card.identifier)
        }
        let appNames: Set<String>
        if let cached = loaded.appNames.withLock({ $0 }) {
            appNames = cached
        } else {
            appNames = Set(try await loadAppContactNames().map(ContactBook.normalized))
            loaded.appNames.withLock { $0 = appNames }
        }
        if appNames.contains(ContactBook.normalized(person.displayName)) { candidates.append(person) }
        return candidates
    }
}

extension ConversationDriver {
    /// Matches the people of `parameter` the user named but did not identify against the
    /// user's contacts (see `PersonResolution`), asking the user to pick when several match.
    /// Only the user's own names are matched (`ConversationState.userNamed`): a person the
    /// extension offered and the user picked stays the extension's. A name is matched once per
    /// parameter: `settled` holds the names already matched.
    func matchContacts(for parameter: ParameterSchema, settled: inout Set<String>, state: inout ConversationState) async throws {
        guard parameter.type == .person, let value = state.intent.parameters[parameter.name] else { return }
        var elements = value.elements
        var changed = false
        for index in elements.indices {
            guard case .person(let person) = elements[index], person.handle == nil, person.contactIdentifier == nil,
                  person.customIdentifier == nil, state.userNamed.contains(person) else { continue }
            let name = ContactBook.normalized(person.displayName)
            guard !name.isEmpty, settled.insert(name).inserted else { continue }
            let candidates = try await personResolution.candidates(for: person)
            let chosen: PersonValue
            switch candidates.count {
            case 0: continue
            case 1: chosen = candidates[0]
            default:
                let shown = Array(candidates.prefix(10)).map(IntentValue.person)
                let prompt = Prompt(kind: .choice, parameter: parameter.name, text: "Which \(parameter.title) do you mean?",
                                    choices: shown.map(\.displayString))
                let questions = UserQuestions(user: user, maximumBadAnswers: maximumBadAnswers)
                guard case .person(let picked) = try await questions.askChoice(prompt, among: shown, prompts: &state.prompts) else { continue }
                chosen = picked
            }
            if chosen != person {
                elements[index] = .person(chosen)
                changed = true
            }
        }
        if changed { state.intent.parameters[parameter.name] = parameter.isList ? .list(elements) : elements.first }
    }
}
