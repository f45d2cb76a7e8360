import Foundation
import ExtensionProtocol

/// How the SDK calls a handler for one intent class, without Objective-C's dynamic dispatch.
///
/// Each intent class returns one from `INIntent.handlingTable`. Linux addition: Xcode's
/// generated code and Apple's runtime do this invisibly; a custom intent writes it once
/// (see `OrderPizzaIntent` in the Pizza sample) and a future code generator will emit it.
public protocol INIntentHandlingDispatching {
    /// Whether `handler` conforms to the intent's handling protocol.
    func accepts(_ handler: Any) -> Bool
    /// Calls the resolve method for `parameter`; `notImplemented()` results when there is none.
    func resolve(parameter: String, of intent: INIntent, with handler: Any) async -> [INIntentResolutionResult]
    /// Calls `confirm`.
    func confirm(_ intent: INIntent, with handler: Any) async -> INIntentResponse
    /// Calls `handle`.
    func handle(_ intent: INIntent, with handler: Any) async -> INIntentResponse
    /// Whether the handling protocol has `provide<Parameter>OptionsCollection` for `parameter`.
    func providesOptions(for parameter: String) -> Bool
    /// Calls `provide<Parameter>OptionsCollection`; the options' wire values, in order.
    func options(for parameter: String, of intent: INIntent, with handler: Any) async throws -> [IntentValue]
}

extension INIntentHandlingDispatching {
    public func providesOptions(for parameter: String) -> Bool { false }
    public func options(for parameter: String, of intent: INIntent, with handler: Any) async throws -> [IntentValue] { [] }
}

/// A dispatch table built from closures that call the typed handling protocol.
///
///     static let table = INIntentHandlingTable<OrderPizzaIntent, any OrderPizzaIntentHandling>(
///         confirm: { await $0.confirm(intent: $1) },
///         handle: { await $0.handle(intent: $1) })
///         .resolving("kind") { [await $0.resolveKind(for: $1)] }
public struct INIntentHandlingTable<Intent: INIntent, Handler>: INIntentHandlingDispatching {
    /// Calls one `resolve<Parameter>(for:with:)` method of a handler and returns its results: one
    /// for a single value, one per element for a list parameter.
    public typealias Resolver = (Handler, Intent) async -> [INIntentResolutionResult]
    /// Calls one `provide<Parameter>OptionsCollection` method and returns the options' wire
    /// values, in the order the user sees them.
    public typealias OptionsProvider = (Handler, Intent) async throws -> [IntentValue]

    private var resolvers: [String: Resolver] = [:]
    private var optionProviders: [String: OptionsProvider] = [:]
    private let confirmStep: (Handler, Intent) async -> INIntentResponse
    private let handleStep: (Handler, Intent) async -> INIntentResponse

    /// Makes a table that calls `confirm` and `handle`; add each resolvable parameter with
    /// `resolving(_:_:)` and each parameter with dynamic options with `providingOptions(_:_:)`.
    /// - Parameters:
    ///   - confirm: calls the handler's `confirm(intent:)`; the `async` form of a handling
    ///     protocol's default implementation falls back on the completion-handler form.
    ///   - handle: calls the handler's `handle(intent:)`.
    public init(confirm: @escaping (Handler, Intent) async -> INIntentResponse,
                handle: @escaping (Handler, Intent) async -> INIntentResponse) {
        self.confirmStep = confirm
        self.handleStep = handle
    }

    /// Adds the resolver of one parameter.
    public func resolving(_ parameter: String, _ resolver: @escaping Resolver) -> Self {
        var table = self
        table.resolvers[parameter] = resolver
        return table
    }

    /// Adds the options provider of one parameter.
    ///
    ///     .providingOptions("kind") { try await $0.provideKindOptionsCollection(for: $1) }
    public func providingOptions<Object>(_ parameter: String,
                                         _ provider: @escaping (Handler, Intent) async throws -> INObjectCollection<Object>) -> Self {
        var table = self
        table.optionProviders[parameter] = { handler, intent in try await provider(handler, intent).allItems.map(\.intentValue) }
        return table
    }

    public func accepts(_ handler: Any) -> Bool { handler is Handler }

    public func providesOptions(for parameter: String) -> Bool { optionProviders[parameter] != nil }

    public func options(for parameter: String, of intent: INIntent, with handler: Any) async throws -> [IntentValue] {
        guard let provider = optionProviders[parameter], let typed = handler as? Handler, let intent = intent as? Intent else { return [] }
        return try await provider(typed, intent)
    }

    public func resolve(parameter: String, of intent: INIntent, with handler: Any) async -> [INIntentResolutionResult] {
        guard let resolver = resolvers[parameter], let typed = handler as? Handler, let intent = intent as? Intent else {
            return [INIntentResolutionResult.notImplemented()]
        }
        return await resolver(typed, intent)
    }

    public func confirm(_ intent: INIntent, with handler: Any) async -> INIntentResponse {
        guard let typed = handler as? Handler, let intent = intent as? Intent else { return INIntentResponse.notImplemented() }
        return await confirmStep(typed, intent)
    }

    public func handle(_ intent: INIntent, with handler: Any) async -> INIntentResponse {
        guard let typed = handler as? Handler, let intent = intent as? Intent else { return INIntentResponse.notImplemented() }
        return await handleStep(typed, intent)
    }
}

/// Runs a completion-handler method as an `async` one; the defaults of handling protocols use it
/// so that a handler may implement either form.
public func withIntentCompletion<Value>(_ body: (@escaping (Value) -> Void) -> Void) async -> Value {
    await withCheckedContinuation { continuation in
        let once = CompletionOnce(continuation)
        body { once.resume($0) }
    }
}

/// Runs a `provide…Options` completion-handler method (the array form Xcode generated before
/// iOS 14) as an `async throws` one: an error is thrown, and no array and no error means none.
public func withIntentArrayCompletion<Element>(
    _ body: (@escaping ([Element]?, (any Error)?) -> Void) -> Void) async throws -> [Element] {
    let (options, error): ([Element]?, (any Error)?) = await withIntentCompletion { completion in
        body { completion(($0, $1)) }
    }
    if let error { throw error }
    return options ?? []
}

/// Runs a `provide…OptionsCollection` completion-handler method as an `async throws` one: an
/// error is thrown, and no collection and no error means no options.
public func withIntentOptionsCompletion<Object>(
    _ body: (@escaping (INObjectCollection<Object>?, (any Error)?) -> Void) -> Void) async throws -> INObjectCollection<Object> {
    let (collection, error): (INObjectCollection<Object>?, (any Error)?) = await withIntentCompletion { completion in
        body { completion(($0, $1)) }
    }
    if let error { throw error }
    return collection ?? INObjectCollection(items: [])
}

/// Resumes a continuation the first time only: a handler that calls its completion twice
/// must not crash the extension.
private final class CompletionOnce<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

    func resume(_ value: Value) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: value)
    }
}
