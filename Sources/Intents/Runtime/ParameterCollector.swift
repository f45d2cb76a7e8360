import Foundation

/// Collects the `@IntentParameter` wrappers an object creates while it is initialized on this
/// thread, in creation order, so that the SDK finds an intent's parameters without `Mirror`
/// (which costs tens of microseconds per object on Linux).
enum ParameterCollector {
    private final class Collection {
        var parameters: [any ErasedIntentParameter] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Records `parameter` if a collection is under way on this thread.
    static func register(_ parameter: any ErasedIntentParameter) {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<Collection>.fromOpaque(raw).takeUnretainedValue().parameters.append(parameter)
    }

    /// Runs `make` and returns what it made with the parameters created meanwhile, in order.
    static func collect<Object>(_ make: () throws -> Object) rethrows -> (Object, [any ErasedIntentParameter]) {
        let collection = Collection()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(collection).toOpaque())
        defer { pthread_setspecific(key, previous) }
        let object = try make()
        return (object, collection.parameters)
    }
}
