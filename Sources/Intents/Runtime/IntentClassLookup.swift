import Foundation

/// Finds the intent class for a name from `IntentsSupported`, inside the extension's image.
struct IntentClassLookup {
    static let systemIntents: [String: INIntent.Type] = [
        INSendMessageIntent.intentName: INSendMessageIntent.self,
    ]

    let principalClass: INExtension.Type
    let principalModule: String

    init(principalClass: INExtension.Type, principalClassName: String) {
        self.principalClass = principalClass
        self.principalModule = principalClassName.split(separator: ".").first.map(String.init) ?? ""
    }

    /// The class for `name`: a system intent, one listed by the principal class, or one
    /// declared in the principal class's module.
    func intentClass(named name: String) -> INIntent.Type? {
        if let system = Self.systemIntents[name] { return system }
        if let listed = principalClass.customIntentClasses.first(where: { $0.intentName == name }) { return listed }
        return _typeByName("\(principalModule).\(name)") as? INIntent.Type
    }
}
