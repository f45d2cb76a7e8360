import ExtensionProtocol
import Foundation
import Framing

// The system calls in the wire coding of the local API, the one codec between the SDK and the
// server: `AppRequest.call` and `AppReply.result` carry a call's and a result's `wireBytes`.
// Read from hostile apps: every tag, date and identifier is checked.

extension SystemCall: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .donate(let donation): writer.unsigned(0); writer.value(donation)
        case .deleteDonations(let selection): writer.unsigned(1); writer.value(selection)
        case .voiceShortcuts: writer.unsigned(2)
        case .voiceShortcut(let identifier): writer.unsigned(3); writer.string(identifier.uuidString)
        case .setShortcutSuggestions(let actions): writer.unsigned(4); writer.array(actions) { $0.value($1) }
        case .setRelevantShortcuts(let shortcuts): writer.unsigned(5); writer.array(shortcuts) { $0.value($1) }
        case .setVocabulary(let words, let type): writer.unsigned(6); writer.array(words) { $0.string($1) }; writer.int(type)
        case .removeAllVocabulary: writer.unsigned(7)
        case .authorization: writer.unsigned(8)
        case .requestAuthorization(let name, let usage): writer.unsigned(9); writer.string(name); writer.string(usage)
        case .appGroupContainer(let group): writer.unsigned(10); writer.string(group)
        case .updateAppShortcutParameters: writer.unsigned(11)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 12, of: "SystemCall") {
        case 0: self = .donate(try reader.value())
        case 1: self = .deleteDonations(try reader.value())
        case 2: self = .voiceShortcuts
        case 3: self = .voiceShortcut(try reader.uuid())
        case 4: self = .setShortcutSuggestions(try reader.array { try $0.value() })
        case 5: self = .setRelevantShortcuts(try reader.array { try $0.value() })
        case 6: self = .setVocabulary(try reader.array { try $0.string() }, type: try reader.int())
        case 7: self = .removeAllVocabulary
        case 8: self = .authorization
        case 9: self = .requestAuthorization(displayName: try reader.string(), usageDescription: try reader.string())
        case 10: self = .appGroupContainer(try reader.string())
        default: self = .updateAppShortcutParameters
        }
    }
}

extension SystemCallResult: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .done: writer.unsigned(0)
        case .count(let count): writer.unsigned(1); writer.int(count)
        case .voiceShortcuts(let shortcuts): writer.unsigned(2); writer.array(shortcuts) { $0.value($1) }
        case .voiceShortcut(let shortcut): writer.unsigned(3); writer.optional(shortcut) { $0.value($1) }
        case .authorization(let status): writer.unsigned(4); writer.unsigned(UInt64(status.rawValue))
        case .path(let path): writer.unsigned(5); writer.string(path)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 6, of: "SystemCallResult") {
        case 0: self = .done
        case 1: self = .count(try reader.int())
        case 2: self = .voiceShortcuts(try reader.array { try $0.value() })
        case 3: self = .voiceShortcut(try reader.optional { try $0.value() })
        case 4: self = .authorization(SiriAuthorization(rawValue: try reader.tag(below: 4, of: "SiriAuthorization"))!)
        default: self = .path(try reader.string())
        }
    }
}

extension Donation: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(identifier)
        writer.string(app)
        writer.unsigned(kind == .interaction ? 0 : 1)
        writer.date(date)
        writer.value(action)
        writer.optional(groupIdentifier) { $0.string($1) }
        writer.optional(responseCode) { $0.string($1) }
        writer.optional(persistentIdentifier) { $0.string($1) }
        writer.optional(suggestedInvocationPhrase) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        let identifier = try reader.string()
        let app = try reader.string()
        let kind: Kind = try reader.tag(below: 2, of: "Donation.Kind") == 0 ? .interaction : .userActivity
        self.init(identifier: identifier, app: app, kind: kind, date: try reader.date(), action: try reader.value(),
                  groupIdentifier: try reader.optional { try $0.string() }, responseCode: try reader.optional { try $0.string() },
                  persistentIdentifier: try reader.optional { try $0.string() },
                  suggestedInvocationPhrase: try reader.optional { try $0.string() })
    }
}

extension ShortcutAction: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .intent(let payload, let className): writer.unsigned(0); writer.value(payload); writer.optional(className) { $0.string($1) }
        case .userActivity(let activity): writer.unsigned(1); writer.value(activity)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 2, of: "ShortcutAction") {
        case 0: self = .intent(try reader.value(), className: try reader.optional { try $0.string() })
        default: self = .userActivity(try reader.value())
        }
    }
}

extension DonationSelection: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .identifiers(let identifiers): writer.unsigned(0); writer.array(identifiers) { $0.string($1) }
        case .groupIdentifier(let group): writer.unsigned(1); writer.string(group)
        case .persistentIdentifiers(let identifiers): writer.unsigned(2); writer.array(identifiers) { $0.string($1) }
        case .all(let kind):
            writer.unsigned(3)
            writer.optional(kind) { $0.unsigned($1 == .interaction ? 0 : 1) }
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 4, of: "DonationSelection") {
        case 0: self = .identifiers(try reader.array { try $0.string() })
        case 1: self = .groupIdentifier(try reader.string())
        case 2: self = .persistentIdentifiers(try reader.array { try $0.string() })
        default:
            self = .all(try reader.optional { try $0.tag(below: 2, of: "Donation.Kind") == 0 ? .interaction : .userActivity })
        }
    }
}

extension VoiceShortcutRecord: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(identifier.uuidString)
        writer.string(phrase)
        writer.string(app)
        writer.value(action)
        writer.optional(donation) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(identifier: try reader.uuid(), phrase: try reader.string(), app: try reader.string(), action: try reader.value(),
                  donation: try reader.optional { try $0.string() })
    }
}

extension RelevantShortcutRecord: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.value(action)
        writer.int(role)
        writer.array(intervals) { writer, interval in
            writer.date(interval.start)
            writer.double(interval.duration)
        }
    }

    public init(from reader: inout WireReader) throws {
        let action: ShortcutAction = try reader.value()
        let role = try reader.int()
        let intervals = try reader.array { reader -> DateInterval in
            let start = try reader.date()
            let duration = try reader.double()
            guard duration.isFinite, duration >= 0 else { throw reader.fault("an interval of \(duration) seconds") }
            return DateInterval(start: start, duration: duration)
        }
        self.init(action: action, role: role, intervals: intervals)
    }
}

extension WireWriter {
    /// A date as seconds since the reference date (2001-01-01), as `Date` keeps it.
    mutating func date(_ date: Date) {
        double(date.timeIntervalSinceReferenceDate)
    }
}

extension WireReader {
    /// A date written by `WireWriter.date(_:)`: a finite number of seconds.
    mutating func date() throws -> Date {
        let seconds = try double()
        guard seconds.isFinite else { throw fault("a date of \(seconds) seconds") }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// A UUID in its string form.
    mutating func uuid() throws -> UUID {
        let text = try string()
        guard let uuid = UUID(uuidString: text) else { throw fault("\(String(text.prefix(40)).debugDescription) is not a UUID") }
        return uuid
    }
}
