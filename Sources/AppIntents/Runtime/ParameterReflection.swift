/// Finds an intent's `@Parameter` properties: the stored `_name` wrappers, in declaration order.
enum ParameterReflection {
    static func parameters(of intent: any AppIntent) -> [(name: String, parameter: any AnyIntentParameter)] {
        var found: [(name: String, parameter: any AnyIntentParameter)] = []
        var mirror: Mirror? = Mirror(reflecting: intent)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"), let parameter = child.value as? any AnyIntentParameter else { continue }
                found.append((String(label.dropFirst()), parameter))
            }
            mirror = current.superclassMirror
        }
        return found
    }
}
