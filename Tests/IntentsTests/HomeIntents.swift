import AppIntents

// App Intents an author tests in process (InProcessAppIntentsTests): opening the door needs the
// device unlocked, the weather does not, and an App Shortcut runs each.

struct OpenDoorIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Door"
    static let authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

    @Parameter(title: "Door", requestValueDialog: "Which door?")
    var door: String?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard let door, !door.isEmpty else { throw $door.requestValue() }
        return .result(dialog: "Opened the \(door) door.")
    }
}

struct CheckWeatherIntent: AppIntent {
    static let title: LocalizedStringResource = "Check Weather"

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        .result(value: "sunny", dialog: "It is sunny.")
    }
}

struct HomeShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: OpenDoorIntent(), phrases: ["Open the door with \(.applicationName)"])
        AppShortcut(intent: CheckWeatherIntent(), phrases: ["Check the weather with \(.applicationName)"])
    }
}
