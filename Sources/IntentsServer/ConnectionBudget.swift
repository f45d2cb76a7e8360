import Foundation
import HostBundles
import IntentsHost
import Synchronization

/// Who holds a local-API connection, for the server's budget: the user's `intents` command, an
/// installed app, or another program (a user and the executable file its process runs, as
/// `PeerIdentity` read it).
enum ConnectionHolder: Hashable, Sendable {
    case intentsCommand
    /// A process running an installed app's executable (`CFBundleExecutable`, as scanned).
    case installedApp(user: uid_t, file: FileIdentity)
    /// Any other program; `file` is nil when the peer's executable could not be read (such
    /// peers share one program's share).
    case program(user: uid_t, file: FileIdentity?)

    /// - Parameter appExecutables: the files of the installed apps' executables.
    init(_ peer: PeerIdentity, appExecutables: Set<FileIdentity> = []) {
        if peer.isIntentsCommand {
            self = .intentsCommand
        } else if let file = peer.executableFile, appExecutables.contains(file) {
            self = .installedApp(user: peer.userID, file: file)
        } else {
            self = .program(user: peer.userID, file: peer.executableFile)
        }
    }
}

/// The server's connections, shared out so that no caller takes them all. Installed apps share
/// one budget and other programs another, of which each program may hold a part: copies of a
/// program outside the catalog cannot take the apps' connections. The user's `intents` command
/// has a budget of its own, so that `intents status` and `intents authorize APP deny` are
/// served whatever apps and programs do. An app's request for Siri parked waiting for the user (`ConnectionSlot.park`) leaves
/// those budgets for a small one per app.
final class ConnectionBudget: Sendable {
    /// How many connections each kind of holder may have at once.
    struct Limits: Sendable {
        /// Connections of every program that is neither an installed app nor the `intents`
        /// command (all of one user: the listener refuses other users).
        var programs = 256
        /// Connections of the installed apps, together.
        var installedApps = 256
        /// The connections of one program or app (one executable file).
        var perProgram = 32
        /// Connections of the `intents` command, beside the programs'.
        var intentsCommand = 64
        /// Siri authorization requests of one app parked waiting for the user.
        var parkedPerApp = 16
        /// Parked requests of every app.
        var parked = 256
    }

    /// What holds how many connections now.
    private struct Counts {
        var programs = 0
        var installedApps = 0
        var perProgram: [ConnectionHolder: Int] = [:]
        var intentsCommand = 0
        var parked = 0
        var parkedPerApp: [String: Int] = [:]
    }

    let limits: Limits
    private let counts = Mutex(Counts())

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// A slot for a connection of `holder`, or why there is none now.
    func admit(_ holder: ConnectionHolder) -> Result<ConnectionSlot, ConnectionRefusal> {
        let refusal = counts.withLock { counts -> ConnectionRefusal? in
            switch holder {
            case .intentsCommand:
                guard counts.intentsCommand < limits.intentsCommand else { return .intentsCommandFull(limits.intentsCommand) }
                counts.intentsCommand += 1
            case .installedApp:
                guard counts.perProgram[holder, default: 0] < limits.perProgram else { return .programFull(limits.perProgram) }
                guard counts.installedApps < limits.installedApps else { return .installedAppsFull(limits.installedApps) }
                counts.perProgram[holder, default: 0] += 1
                counts.installedApps += 1
            case .program:
                guard counts.perProgram[holder, default: 0] < limits.perProgram else { return .programFull(limits.perProgram) }
                guard counts.programs < limits.programs else { return .programsFull(limits.programs) }
                counts.perProgram[holder, default: 0] += 1
                counts.programs += 1
            }
            return nil
        }
        if let refusal { return .failure(refusal) }
        return .success(ConnectionSlot(holder: holder, budget: self))
    }

    /// How many connections are held, by kind.
    struct Held: Equatable, Sendable {
        var programs: Int
        var intentsCommand: Int
        var parked: Int
        var installedApps = 0
    }

    /// Connections held now: the programs', the `intents` command's and the parked ones.
    var held: Held {
        counts.withLock { Held(programs: $0.programs, intentsCommand: $0.intentsCommand, parked: $0.parked, installedApps: $0.installedApps) }
    }

    /// Moves a connection of `holder` to the parked requests of `app`, unless `app`, or every
    /// app together, has as many parked as allowed.
    fileprivate func park(_ holder: ConnectionHolder, app: String) throws(ConnectionRefusal) {
        let refusal = counts.withLock { counts -> ConnectionRefusal? in
            guard counts.parkedPerApp[app, default: 0] < limits.parkedPerApp else { return .appParkedFull(app: app, limits.parkedPerApp) }
            guard counts.parked < limits.parked else { return .parkedFull(limits.parked) }
            counts.parkedPerApp[app, default: 0] += 1
            counts.parked += 1
            Self.leave(holder, &counts)
            return nil
        }
        if let refusal { throw refusal }
    }

    fileprivate func release(_ holder: ConnectionHolder, parkedFor app: String?) {
        counts.withLock { counts in
            guard let app else { return Self.leave(holder, &counts) }
            counts.parked -= 1
            counts.parkedPerApp[app, default: 1] -= 1
            if counts.parkedPerApp[app] == 0 { counts.parkedPerApp[app] = nil }
        }
    }

    private static func leave(_ holder: ConnectionHolder, _ counts: inout Counts) {
        switch holder {
        case .intentsCommand:
            counts.intentsCommand -= 1
        case .installedApp, .program:
            if case .installedApp = holder { counts.installedApps -= 1 } else { counts.programs -= 1 }
            counts.perProgram[holder, default: 1] -= 1
            if counts.perProgram[holder] == 0 { counts.perProgram[holder] = nil }
        }
    }
}

/// One connection's place in the `ConnectionBudget`, given back once by `release`.
final class ConnectionSlot: Sendable {
    let holder: ConnectionHolder
    private let budget: ConnectionBudget
    private enum State { case held, parked(app: String), released }
    private let state = Mutex(State.held)

    fileprivate init(holder: ConnectionHolder, budget: ConnectionBudget) {
        self.holder = holder
        self.budget = budget
    }

    /// Moves the connection out of its holder's budget into `app`'s parked requests, while it
    /// waits for the user; nothing moves when `app`, or every app together, has as many parked
    /// as allowed.
    func park(app: String) throws(ConnectionRefusal) {
        try state.withLock { (state: inout State) throws(ConnectionRefusal) in
            guard case .held = state else { return }
            try budget.park(holder, app: app)
            state = .parked(app: app)
        }
    }

    /// Gives the slot back; later calls do nothing.
    func release() {
        state.withLock { state in
            switch state {
            case .held: budget.release(holder, parkedFor: nil)
            case .parked(let app): budget.release(holder, parkedFor: app)
            case .released: return
            }
            state = .released
        }
    }

    deinit {
        release()
    }
}

/// Why a connection was refused, or a request not parked: one sentence naming the limit.
enum ConnectionRefusal: Error, Equatable, Sendable {
    case programFull(Int)
    case programsFull(Int)
    case installedAppsFull(Int)
    case intentsCommandFull(Int)
    case appParkedFull(app: String, Int)
    case parkedFull(Int)

    var message: String {
        switch self {
        case .programFull(let limit):
            "The program already holds \(limit) connections to the server, the most one program may hold."
        case .programsFull(let limit):
            "Programs other than the intents command already hold \(limit) connections to the server, the most they may hold together."
        case .installedAppsFull(let limit):
            "Installed apps already hold \(limit) connections to the server, the most they may hold together."
        case .intentsCommandFull(let limit):
            "The intents command already holds \(limit) connections to the server, the most it may hold."
        case .appParkedFull(let app, let limit):
            "\(app) already has \(limit) requests for Siri waiting for the user's answer, the most one app may have; wait for that answer instead of asking again."
        case .parkedFull(let limit):
            "Apps already have \(limit) requests for Siri waiting for the user's answer, the most the server keeps; ask again once the user has answered."
        }
    }
}
