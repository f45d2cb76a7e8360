/// Holds the app's dependencies (a store, a client) that intents declare with `@Dependency`:
///
///     AppDependencyManager.shared.add(dependency: TodoStore())
///
///     struct AddTodoIntent: AppIntent {
///         @Dependency var store: TodoStore
///     }
///
/// Register them before the system performs an intent: in an extension, in the principal's or the
/// `AppIntentsExtension`'s `init()`, or at the first use of the SDK. A dependency is made when first
/// resolved and kept.
public final class AppDependencyManager: @unchecked Sendable {
    /// The manager `@Dependency` resolves from by default.
    public static let shared = AppDependencyManager()

    private enum Entry {
        case made(any Sendable)
        case provider(@Sendable () async throws -> any Sendable)
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let key: AnyHashable?
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]

    /// A manager of its own, for tests.
    public init() {}

    /// Registers a dependency, made by `dependency` when first resolved.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency dependencyProvider: @autoclosure @escaping @Sendable () -> Dependency) {
        set(Dependency.self, key: key, .provider { dependencyProvider() })
    }

    /// Registers a dependency made by a closure that may throw or suspend, when first resolved.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency dependencyProvider: @escaping @Sendable () async throws -> Dependency) {
        set(Dependency.self, key: key, .provider { try await dependencyProvider() })
    }

    private func set(_ type: Any.Type, key: AnyHashable?, _ entry: Entry) {
        lock.withLock { entries[Key(type: ObjectIdentifier(type), key: key)] = entry }
    }

    /// The dependency of `type` registered under `key`, made now if it was not yet.
    /// - Throws: `RequestFailure` naming the type when none is registered.
    func resolve<Dependency>(_ type: Dependency.Type, key: AnyHashable?) async throws -> Dependency {
        let entryKey = Key(type: ObjectIdentifier(type), key: key)
        switch lock.withLock({ entries[entryKey] }) {
        case .made(let value)?:
            return value as! Dependency
        case .provider(let make)?:
            let value = try await make()
            lock.withLock { entries[entryKey] = .made(value) }
            return value as! Dependency
        case nil:
            let keyText = key.map { " with the key \($0)" } ?? ""
            throw RequestFailure("No dependency of type \(type)\(keyText) was added to the AppDependencyManager before the intent ran.")
        }
    }
}

/// A dependency of an intent, declared as `@Dependency var store: TodoStore`, resolved from an
/// ``AppDependencyManager`` before `perform()` runs.
@propertyWrapper
public final class AppDependency<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    let key: AnyHashable?
    let manager: AppDependencyManager
    private let fallback: (@Sendable () async throws -> Value)?

    /// A dependency registered under `key` (none by default) in `manager`.
    public convenience init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared) {
        self.init(key: key, manager: manager, fallback: nil)
    }

    /// A dependency with a default, used when `manager` has none registered.
    public convenience init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared,
                            default defaultValue: @escaping @Sendable () async throws -> Value) {
        self.init(key: key, manager: manager, fallback: defaultValue)
    }

    private init(key: AnyHashable?, manager: AppDependencyManager, fallback: (@Sendable () async throws -> Value)?) {
        self.key = key
        self.manager = manager
        self.fallback = fallback
    }

    /// The dependency; reading it before it was resolved (outside `perform()` run by the system)
    /// stops the process.
    public var wrappedValue: Value {
        if let value = lock.withLock({ value }) { return value }
        fatalError("The @Dependency of type \(Value.self) was read before it was resolved: it is resolved when the system performs the intent.")
    }

    /// The wrapper itself.
    public var projectedValue: AppDependency<Value> { self }
}

/// The face of every `AppDependency` the runtime resolves through reflection.
protocol AnyAppDependency: AnyObject {
    func resolve() async throws
}

extension AppDependency: AnyAppDependency {
    func resolve() async throws {
        if lock.withLock({ value }) != nil { return }
        let resolved: Value
        do {
            resolved = try await manager.resolve(Value.self, key: key)
        } catch let failure as RequestFailure {
            guard let fallback else { throw failure }
            resolved = try await fallback()
        }
        lock.withLock { value = resolved }
    }
}

extension AppIntent {
    /// `@Dependency`: the name intents declare their dependencies with.
    public typealias Dependency<Value: Sendable> = AppDependency<Value>
}

extension EntityQuery {
    /// `@Dependency`: the name queries declare their dependencies with.
    public typealias Dependency<Value: Sendable> = AppDependency<Value>
}

extension DynamicOptionsProvider {
    /// `@Dependency`: the name options providers declare their dependencies with.
    public typealias Dependency<Value: Sendable> = AppDependency<Value>
}

/// Resolves the `@Dependency` properties of an intent, a query or an options provider: the
/// stored `_name` wrappers.
enum DependencyResolution {
    static func resolve(_ owner: Any) async throws {
        var mirror: Mirror? = Mirror(reflecting: owner)
        while let current = mirror {
            for child in current.children {
                if let dependency = child.value as? any AnyAppDependency { try await dependency.resolve() }
            }
            mirror = current.superclassMirror
        }
    }
}
