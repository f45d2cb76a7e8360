import ContactBook
import ExtensionProtocol
import HostBundles
import SystemStore

extension IntentDispatcher {
    /// The user's contacts and the app's contact names for a conversation with `bundle`'s
    /// extension: the contacts of `HostConfiguration.contactsPath` (`INTENTS_CONTACTS`), else of
    /// the path `intents contacts use` stored, read when a person first needs matching; the
    /// contact names the app containing `bundle` registered with `INVocabulary`.
    func personResolution(for bundle: ExtensionBundle) -> PersonResolution {
        let app = catalog.app(containing: bundle)?.bundleIdentifier ?? bundle.bundleIdentifier
        return PersonResolution(contacts: { [self] in
            guard let path = try configuration.contactsPath ?? storeCall({ try openSystemStore().contactsPath() }) else { return nil }
            return try ContactBook(contentsOf: path)
        }, appContactNames: { [self] in
            // INVocabularyStringType.contactName
            try storeCall { try openSystemStore().vocabulary(app: app) }.filter { $0.type == 1 }.flatMap(\.strings)
        })
    }
}
