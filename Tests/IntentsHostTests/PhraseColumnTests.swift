import ExtensionProtocol
import Foundation
import SQLiteSupport
import SystemCalls
import SystemStore
import Testing

/// The voice shortcuts' phrase column, which `say` looks a phrase up in instead of reading
/// every shortcut: it holds this build's normalization, rewritten on opening a store whose
/// column another normalization wrote.
@Suite struct PhraseColumnTests {
    let state = TemporaryFolder()

    static func shortcut(_ phrase: String) -> VoiceShortcutRecord {
        VoiceShortcutRecord(phrase: phrase, app: "com.example.Echo",
                            action: .intent(IntentPayload(name: "EchoIntent", parameters: ["text": .string(phrase)]), className: nil))
    }

    @Test func aPhraseIsFoundByItsNormalizedForm() throws {
        let store = try SystemStore(stateFolder: state.path)
        try store.addVoiceShortcuts([Self.shortcut("Café time!"), Self.shortcut("Ｔｅａ ｔｉｍｅ")])
        #expect(try store.voiceShortcuts(saying: "cafe   TIME")?.map(\.phrase) == ["Café time!"])
        #expect(try store.voiceShortcuts(saying: "tea time")?.map(\.phrase) == ["Ｔｅａ ｔｉｍｅ"])
        #expect(try store.voiceShortcuts(saying: "coffee time") == [])
    }

    @Test func aColumnWrittenByAnotherNormalizationIsRewrittenOnOpening() throws {
        do {
            let store = try SystemStore(stateFolder: state.path)
            try store.addVoiceShortcuts([Self.shortcut("Café time!")])
        }
        // As an older build would have left it: another form in the column, another normalization recorded.
        let raw = try RawSQLiteConnection(path: state.path + "/" + SystemStore.fileName)
        try raw.run("UPDATE voice_shortcuts SET normalized_phrase = 'café time!'")
        try raw.run("UPDATE settings SET value = 'an older normalization' WHERE name = 'phrase-normalization'")
        let reopened = try SystemStore(stateFolder: state.path)
        #expect(try reopened.voiceShortcuts(saying: "cafe time")?.map(\.phrase) == ["Café time!"])
        #expect(try raw.query("SELECT normalized_phrase FROM voice_shortcuts") == [[.text("cafe time")]])
    }
}
