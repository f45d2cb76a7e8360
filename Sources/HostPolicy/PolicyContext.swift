/// One column of the policy matrix: a lock state, whether the app is authorized to use Siri,
/// and how the intent is invoked.
public struct PolicyContext: Hashable, Sendable {
    public var lockState: LockState
    public var authorized: Bool
    public var source: InvocationSource

    public init(lockState: LockState, authorized: Bool, source: InvocationSource) {
        self.lockState = lockState
        self.authorized = authorized
        self.source = source
    }

    /// Every column, by source, then lock state, then authorized before not.
    public static let all: [PolicyContext] = InvocationSource.allCases.flatMap { source in
        LockState.allCases.flatMap { state in
            [true, false].map { PolicyContext(lockState: state, authorized: $0, source: source) }
        }
    }

    /// The authorization status this column stands for.
    public var authorization: SiriAuthorizationColumn { authorized ? .authorized : .notAuthorized }

    /// The two authorization columns: authorized, or any other status (not determined, denied, restricted).
    public enum SiriAuthorizationColumn: String, Sendable {
        case authorized, notAuthorized = "not-authorized"
    }
}
