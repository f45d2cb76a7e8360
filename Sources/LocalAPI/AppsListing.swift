import ExtensionProtocol

/// What `intents apps` shows: every app bundle and extension found, with its paths, intents and
/// lock restrictions, the bundles refused and the intents several apps claim. It names the
/// host's paths: only the user's `intents` command is told it.
public struct AppsListing: Hashable, Sendable {
    public var apps: [ListedApp]
    /// What is wrong with the bundles: refused ones, and entries no class provides.
    public var faults: [ListedFault]
    /// Intents that several apps support.
    public var conflicts: [ListedConflict]
    /// Why some extensions' App Intents could not be had, one sentence each (those not among
    /// the faults already).
    public var notes: [String]

    public init(apps: [ListedApp], faults: [ListedFault], conflicts: [ListedConflict], notes: [String]) {
        self.apps = apps
        self.faults = faults
        self.conflicts = conflicts
        self.notes = notes
    }
}

/// An app bundle and its extensions.
public struct ListedApp: Hashable, Sendable {
    public var bundleIdentifier: String
    public var displayName: String
    public var path: String
    public var extensions: [ListedExtension]

    public init(bundleIdentifier: String, displayName: String, path: String, extensions: [ListedExtension]) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.path = path
        self.extensions = extensions
    }
}

/// An extension bundle as its `Info.plist` declares it, with its App Intents when known.
public struct ListedExtension: Hashable, Sendable {
    public var bundleIdentifier: String
    public var displayName: String
    public var path: String
    public var principalClass: String
    /// Its shared library's path.
    public var library: String
    /// `IntentsSupported`, `IntentsRestrictedWhileLocked` and
    /// `IntentsRestrictedWhileProtectedDataUnavailable`, as declared.
    public var intentsSupported: [String]
    public var restrictedWhileLocked: [String]
    public var restrictedWhileProtectedDataUnavailable: [String]
    /// The supported system intents Apple restricts while locked whatever the plist says.
    public var alwaysRestricted: [String]
    /// Its intents (SiriKit and App Intents) that other apps support too: a request names its app.
    public var shared: [String]
    /// The App Intents its library declares, by name.
    public var appIntentNames: [String]
    /// Its App Intents as their metadata describes them; nil while not known.
    public var appIntents: [AppIntentSchema]?
    /// Its App Shortcuts in source order, each with its intent's short name; empty while not known.
    public var appShortcuts: [ListedAppShortcut]
    /// Its App Shortcuts as the host installed them.
    public var installedShortcuts: [InstalledShortcut]

    public init(bundleIdentifier: String, displayName: String, path: String, principalClass: String, library: String,
                intentsSupported: [String], restrictedWhileLocked: [String], restrictedWhileProtectedDataUnavailable: [String],
                alwaysRestricted: [String], shared: [String], appIntentNames: [String], appIntents: [AppIntentSchema]?,
                appShortcuts: [ListedAppShortcut], installedShortcuts: [InstalledShortcut]) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.path = path
        self.principalClass = principalClass
        self.library = library
        self.intentsSupported = intentsSupported
        self.restrictedWhileLocked = restrictedWhileLocked
        self.restrictedWhileProtectedDataUnavailable = restrictedWhileProtectedDataUnavailable
        self.alwaysRestricted = alwaysRestricted
        self.shared = shared
        self.appIntentNames = appIntentNames
        self.appIntents = appIntents
        self.appShortcuts = appShortcuts
        self.installedShortcuts = installedShortcuts
    }
}

/// An App Shortcut of an extension, as its metadata declares it.
public struct ListedAppShortcut: Hashable, Sendable {
    /// Its intent's short name (`StartMeditationIntent`).
    public var intent: String
    public var phrases: [String]

    public init(intent: String, phrases: [String]) {
        self.intent = intent
        self.phrases = phrases
    }
}

/// An App Shortcut as the host installed it for its app (the phrases `intents say` knows).
public struct InstalledShortcut: Hashable, Sendable {
    /// Its place among its app's App Shortcuts, from 0: the order of display.
    public var position: Int
    /// The first phrase as the user reads it, with the app's name.
    public var primaryPhrase: String
    /// Its intent's name.
    public var intent: String
    /// How many phrases it declares.
    public var phraseCount: Int

    public init(position: Int, primaryPhrase: String, intent: String, phraseCount: Int) {
        self.position = position
        self.primaryPhrase = primaryPhrase
        self.intent = intent
        self.phraseCount = phraseCount
    }
}

/// What is wrong with a bundle, as validation says it.
public struct ListedFault: Hashable, Sendable {
    /// The fault's stable code (`restrictedIntentsNotSupportedByExtension`...).
    public var code: String
    public var path: String
    /// The plist key at fault (`NSExtension > NSExtensionAttributes > IntentsSupported`), if one is.
    public var key: String?
    public var message: String

    public init(code: String, path: String, key: String?, message: String) {
        self.code = code
        self.path = path
        self.key = key
        self.message = message
    }
}

/// An intent several apps support.
public struct ListedConflict: Hashable, Sendable {
    public var intent: String
    /// The extensions' bundle identifiers, and their folders.
    public var extensions: [String]
    public var paths: [String]
    /// One sentence for a person.
    public var message: String

    public init(intent: String, extensions: [String], paths: [String], message: String) {
        self.intent = intent
        self.extensions = extensions
        self.paths = paths
        self.message = message
    }
}
