import Dispatch
import ExtensionProtocol
import HostBundles
import HostTools
import IntentsHost
import SystemStore

/// App Shortcut phrase matching at 10k expanded phrases: 100 apps with 5 App Shortcuts each,
/// every shortcut with two plain phrases and one phrase whose entity parameter expands with 18
/// suggested values (100 x 5 x (2 + 18) = 10,000). The floor is a hash lookup of the
/// normalized utterance among the expanded phrases.
enum AppShortcutBenchmark {
    static let apps = 100, shortcutsPerApp = 5, values = 18

    static func run(utterances: Int = 3_000) -> [Figure] {
        var generator = SplitMix(seed: 12)
        var snapshot = AppShortcutsSnapshot()
        var expanded: [String] = []
        var appBundles: [AppBundle] = []
        for number in 0..<apps {
            let name = "App\(number) Studio"
            let bundle = ExtensionBundle(path: "/apps/a\(number)", bundleIdentifier: "com.example.a\(number).Intents", displayName: "I",
                                         principalClass: "Intents.INExtension", libraryPath: "/apps/a\(number)/lib.so", intentsSupported: [],
                                         appBundleIdentifier: "com.example.a\(number)",
                                         appIntents: AppIntentsDeclaration(typeNames: (0..<shortcutsPerApp).map { "Kit\(number).Do\($0)Intent" }))
            let app = AppBundle(path: "/apps/a\(number).app", bundleIdentifier: "com.example.a\(number)", displayName: name, extensions: [bundle])
            appBundles.append(app)
            var entities: [IntentValue] = []
            for value in 0..<values {
                entities.append(.object(ObjectValue(identifier: "id\(value)", display: "item\(number)x\(value) thing")))
            }
            snapshot.parameterValues[bundle.bundleIdentifier] = AppShortcutParameterValues(libraryHash: "h", generation: 1,
                                                                                           entities: ["Kit\(number).Item": entities])
            for position in 0..<shortcutsPerApp {
                // Verbs recur across apps (as "start" does) but differ between one app's shortcuts.
                let verb = "verb\((generator.next() % 80) * UInt64(shortcutsPerApp) + UInt64(position))"
                let parameter = AppParameterSchema(name: "item", title: "Item", kind: .entity, typeName: "Kit\(number).Item", isOptional: true)
                let intent = AppIntentSchema(name: "Do\(position)Intent", typeName: "Kit\(number).Do\(position)Intent", title: "Do",
                                             parameters: [parameter])
                let phrases = ["\(verb) task\(position) with ${applicationName}", "${applicationName} \(verb) now\(position)",
                               "\(verb) ${item} in ${applicationName}"]
                snapshot.shortcuts.append(InstalledAppShortcut(app: app, bundle: bundle, intent: intent,
                                                               shortcut: AppShortcutSchema(intent: intent.typeName, phrases: phrases),
                                                               position: position))
                expanded += ["\(verb) task\(position) with \(name)", "\(name) \(verb) now\(position)"]
                expanded += (0..<values).map { "\(verb) item\(number)x\($0) thing in \(name)" }
            }
        }
        let index = PhraseCatalog.index(apps: appBundles, voiceShortcuts: [], vocabulary: [], appShortcuts: snapshot)
        let known = Set(expanded.map(PhraseText.normalized))
        let spoken: [(String, Bool)] = (0..<utterances).map { number in
            number % 4 == 3 ? ("w\(generator.next()) nothing at all", false)
                : (expanded[Int(generator.next() % UInt64(expanded.count))].uppercased() + "!", true)
        }
        let floor = median(spoken.map { utterance in time { _ = known.contains(PhraseText.normalized(utterance.0)) } })
        var hits: [Double] = []
        var wrong = 0
        for (text, shouldMatch) in spoken {
            var outcome: PhraseIndex.Outcome?
            let seconds = time { outcome = index.match(text) }
            let matched: Bool
            if case .matched = outcome { matched = true } else { matched = false }
            if matched != shouldMatch { wrong += 1 }
            if shouldMatch { hits.append(seconds) }
        }
        return [Figure(name: "App Shortcut match, \(expanded.count / 1000)k expanded (hit)", value: median(hits), unit: .seconds,
                       floorName: "normalize+hash lookup", floor: floor, target: .absolute(50e-6),
                       note: wrong == 0 ? nil : "\(wrong) utterances matched wrongly")]
    }

    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
