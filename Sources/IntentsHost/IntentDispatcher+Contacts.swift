import ContactBook
import ExtensionProtocol
import Foundation
import HostBundles
import SystemStore

extension IntentDispatcher {
    /// The user's contacts and the app's contact names for a conversation with `bundle`'s
    /// extension: the contacts of `HostConfiguration.contactsPath` (`INTENTS_CONTACTS`), else of
    /// the path `intents contacts use` stored, read when a person first needs matching; the
    /// contact names the app containing `bundle` registered with `INVocabulary`. A state folder
    /// with no system store has neither: none is made for them.
    func personResolution(for bundle: ExtensionBundle) -> PersonResolution {
        let app = catalog.app(containing: bundle)?.bundleIdentifier ?? bundle.bundleIdentifier
        let hasStore: @Sendable () -> Bool = { [configuration] in
            FileManager.default.fileExists(atPath: configuration.stateFolder + "/" + SystemStore.fileName)
        }
        // Read on the store's reading thread, the contacts file on a thread of the pool: never on
        // the thread that reads the extension's replies, where the conversation may run.
        return PersonResolution(contacts: { [self] in
            let stored = hasStore() ? try await storeRead({ try $0.contactsPath() }) : nil
            guard let path = configuration.contactsPath ?? stored else { return nil }
            return try await Task.detached { try ContactBook(contentsOf: path) }.value
        }, appContactNames: { [self] in
            guard hasStore() else { return [] }
            // INVocabularyStringType.contactName
            return try await storeRead { try $0.vocabulary(app: app) }.filter { $0.type == 1 }.flatMap(\.strings)
        })
    }
}
