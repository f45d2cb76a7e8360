import Foundation

/// Finds the intent class for a name from `IntentsSupported` in any image loaded in the
/// extension's process, as Apple's runtime does (a shared framework the extension links, say).
struct IntentClassLookup {
    /// The SiriKit domains' intents, generated from their data.
    static let systemIntents: [String: INIntent.Type] = Dictionary(
        generatedSystemIntentClasses.map { ($0.intentName, $0) }, uniquingKeysWith: { first, _ in first })

    let principalClass: INExtension.Type
    let principalModule: String

    init(principalClass: INExtension.Type, principalClassName: String) {
        self.principalClass = principalClass
        self.principalModule = principalClassName.split(separator: ".").first.map(String.init) ?? ""
    }

    /// The class for `name`: a system intent, one listed in `customIntentClasses`, one declared
    /// in the principal class's module, or else a top-level `INIntent` subclass of that name in
    /// any loaded image (the principal's module first, then in the order images are listed).
    func intentClass(named name: String) -> INIntent.Type? {
        if let system = Self.systemIntents[name] { return system }
        if let listed = principalClass.customIntentClasses.first(where: { $0.intentName == name }) { return listed }
        return Self.loaded.intentClass(named: name, preferring: principalModule)
    }

    /// Classes found, by name: the principal's module's own (`_typeByName`, which walks the
    /// metadata of every loaded image on each call) and those found in loaded images (which
    /// costs milliseconds), so each name is looked for once (misses are not kept: an image
    /// loaded later may have it).
    static let loaded = LoadedIntentClasses()

    final class LoadedIntentClasses: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String: INIntent.Type] = [:]

        func intentClass(named name: String, preferring module: String) -> INIntent.Type? {
            let key = module + "." + name
            if let known = lock.withLock({ found[key] }) { return known }
            if let local = _typeByName(key) as? INIntent.Type {
                lock.withLock { found[key] = local }
                return local
            }
            let names = LoadedClassNames.qualifiedNames(ofClassesNamed: name)
            let candidates = names.filter { $0 == key } + names.filter { $0 != key }
            guard let intentClass = candidates.lazy.compactMap({ _typeByName($0) as? INIntent.Type }).first else { return nil }
            lock.withLock { found[key] = intentClass }
            return intentClass
        }
    }
}
