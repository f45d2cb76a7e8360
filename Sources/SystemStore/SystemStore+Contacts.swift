import Foundation
import SQLiteSupport

extension SystemStore {
    /// The vCard file or folder the user chose for the host's person resolution
    /// (`intents contacts use PATH`); nil when none is chosen.
    public func contactsPath() throws -> String? {
        try read("SELECT value FROM settings WHERE name = 'contacts'").first?.first?.text
    }

    /// Chooses the vCard file or folder the host reads the user's contacts from; nil forgets it.
    public func setContactsPath(_ path: String?) throws {
        try write {
            if let path {
                try connection.run("INSERT INTO settings (name, value) VALUES ('contacts', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                                   [.text(path)])
            } else {
                try connection.run("DELETE FROM settings WHERE name = 'contacts'")
            }
        }
    }
}
