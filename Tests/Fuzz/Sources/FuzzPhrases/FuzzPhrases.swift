import ExtensionProtocol
import FuzzDriver
import Foundation
import IntentsHost
import SystemCalls
import SystemStore
import HostBundles
import HostTools

/// The sample apps, whose examples and vocabularies the index holds beside the input's phrases.
private let apps = BundleScanner.scan(appsFolders: [FuzzBundles().appsFolder]).apps

/// The input's lines: all but the last are voice-shortcut phrases (and user vocabulary), the
/// last is the utterance. Normalizing is idempotent, and a phrase said as written matches.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhrases(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let utterance = lines.removeLast()
    for line in lines + [utterance] {
        let words = PhraseText.words(line)
        if words.contains(where: \.isEmpty) { fuzzFailure("words are never empty", line) }
        if PhraseText.words(words.joined(separator: " ")) != words { fuzzFailure("words are idempotent", line) }
        if PhraseText.normalized(PhraseText.normalized(line)) != PhraseText.normalized(line) {
            fuzzFailure("normalizing is idempotent", line)
        }
    }
    let shortcuts = lines.prefix(64).map {
        VoiceShortcutRecord(phrase: $0, app: "com.example.Pizza", action: .intent(IntentPayload(name: "OrderPizzaIntent"), className: nil))
    }
    let vocabulary = [VocabularyRecord(app: "com.example.MonkeyChat", type: 1, strings: Array(lines.prefix(64)))]
    let index = PhraseCatalog.index(apps: apps, voiceShortcuts: shortcuts, vocabulary: vocabulary)
    _ = index.match(utterance)
    for shortcut in shortcuts where !PhraseText.words(shortcut.phrase).isEmpty {
        if case .noMatch = index.match(shortcut.phrase) { fuzzFailure("a shortcut's phrase matches", shortcut.phrase) }
    }
    return 0
}

@_cdecl("FuzzPhrases_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzPhrases)
}
