import Foundation
import IntentsClient
import Testing

/// Linux only, not Apple's API: the host a test's intents run in, and how the test sets it up.
///
/// Apple's AppIntentsTesting runs intents in the app on the test's device, as the device is.
/// On Linux they run in the installed extension's sandboxed process, through an intents host
/// of the test's own: a server on a fresh state folder (so each host starts from the apps'
/// seed data), started with `--test-control` so that the test sets its lock state, Siri
/// authorizations and the source runs are judged as. Nothing of the app runs in the test's process.
///
/// With no scope, tests share one host per test process: apps from `INTENTS_APPS`, else the
/// bundles the package's build laid out (`Info/` and the build products); unlocked, and
/// questions fail the run. Every host has a fresh state folder, in `INTENTS_STATE` when it is
/// set, else in `TMPDIR`, removed when the host ends.
/// A scope gives a test or a suite a host of its own:
///
///     @Suite(.hostUnderTest(lockState: .locked))
///     struct LockedNoteTests { ... }
///
///     func testArchiveWhileLocked() async throws {
///         try await HostUnderTest.withHost(.init(lockState: .locked)) { ... }
///     }
public enum HostUnderTest {
    /// How a host is set up.
    public struct Options: Sendable {
        /// The apps folders the host serves; nil: `INTENTS_APPS` (colon-separated), else the
        /// package's bundles laid out from `infoFolder` and the build products.
        public var appsFolders: [String]?
        /// The folder of `<Name>/Info.plist` files to lay bundles out from, with the build
        /// products beside the test program; nil: the package's `Info/`.
        public var infoFolder: String?
        /// The simulated device's lock state when the host starts.
        public var lockState: LockStateValue
        /// Siri authorization decisions, by app (bundle identifier or name), made when the host starts.
        public var siriAuthorization: [String: SiriAuthorizationValue]
        /// The source every run is judged as by the policy (an App Shortcut's phrase, a voice shortcut).
        public var source: RunSource
        /// Answers to the questions a run asks, in order, from the first for each run; a question
        /// with none left fails its run.
        public var answers: [ScriptedAnswer]
        /// Each extension step's deadline; nil: the host's own.
        public var stepTimeout: Duration?

        public init(appsFolders: [String]? = nil, infoFolder: String? = nil, lockState: LockStateValue = .unlocked,
                    siriAuthorization: [String: SiriAuthorizationValue] = [:], source: RunSource = .direct,
                    answers: [ScriptedAnswer] = [], stepTimeout: Duration? = nil) {
            self.appsFolders = appsFolders
            self.infoFolder = infoFolder
            self.lockState = lockState
            self.siriAuthorization = siriAuthorization
            self.source = source
            self.answers = answers
            self.stepTimeout = stepTimeout
        }
    }

    @TaskLocal package static var scoped: HostSession?

    private static let shared = SharedHost()

    /// Runs `body` with a host of its own, set up by `options`, on a fresh state folder; the
    /// host ends after it (its folders are removed).
    /// - Throws: `HostUnderTestError` when the host cannot be set up, and what `body` throws.
    public static func withHost<Result>(_ options: Options = Options(), isolation: isolated (any Actor)? = #isolation,
                                        _ body: () async throws -> Result) async throws -> Result {
        let session = try await HostSession.start(options)
        do {
            let result = try await $scoped.withValue(session) { try await body() }
            session.end()
            return result
        } catch {
            session.end()
            throw error
        }
    }

    /// Runs `body` with answers scripted for the questions of the runs it makes, on the current
    /// host: each run (and each scenario turn) answers its questions from the first of `answers`.
    public static func withAnswers<Result>(_ answers: [ScriptedAnswer], isolation: isolated (any Actor)? = #isolation,
                                           _ body: () async throws -> Result) async throws -> Result {
        let session = try await current()
        return try await $scoped.withValue(session.answering(answers)) { try await body() }
    }

    /// Sets the current host's lock state.
    public static func setLockState(_ state: LockStateValue) async throws {
        try await current().setLockState(state)
    }

    /// Records the user's Siri authorization decision for an app (bundle identifier or name) on the current host.
    public static func authorize(app: String, _ status: SiriAuthorizationValue) async throws {
        try await current().authorize(app: app, status)
    }

    /// The host the current task runs against: its scope's, else the process's shared one.
    package static func current() async throws -> HostSession {
        if let scoped { return scoped }
        return try await shared.session()
    }
}

/// The process's shared host, started on first use.
final class SharedHost: Sendable {
    private let started = AsyncOnce<HostSession>()

    func session() async throws -> HostSession {
        try await started.value { try await HostSession.start(HostUnderTest.Options()) }
    }
}

/// A Swift Testing trait that gives a test, or each suite it marks, a host of its own.
public struct HostUnderTestTrait: TestTrait, SuiteTrait, TestScoping {
    public let options: HostUnderTest.Options

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await HostUnderTest.withHost(options) { try await function() }
    }
}

extension Trait where Self == HostUnderTestTrait {
    /// A host of the test's (or the suite's) own: see `HostUnderTest.Options`.
    public static func hostUnderTest(appsFolders: [String]? = nil, infoFolder: String? = nil, lockState: LockStateValue = .unlocked,
                                     siriAuthorization: [String: SiriAuthorizationValue] = [:], source: RunSource = .direct,
                                     answers: [ScriptedAnswer] = [], stepTimeout: Duration? = nil) -> Self {
        HostUnderTestTrait(options: HostUnderTest.Options(appsFolders: appsFolders, infoFolder: infoFolder, lockState: lockState,
                                                          siriAuthorization: siriAuthorization, source: source, answers: answers,
                                                          stepTimeout: stepTimeout))
    }
}
