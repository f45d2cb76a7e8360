import Foundation
@testable import IntentsServer
import IntentsHost
import Testing
import HostBundles

/// The server's connection budget (`ConnectionBudget`): no program takes every slot, the
/// `intents` command always has its own, and a request parked waiting for the user holds none
/// of them.
@Suite struct ConnectionBudgetTests {
    let app = ConnectionHolder.program(user: 1000, file: FileIdentity(device: 1, inode: 1))
    let other = ConnectionHolder.program(user: 1000, file: FileIdentity(device: 1, inode: 2))

    /// Admits `count` connections of `holder`, each of which must be admitted.
    func admit(_ count: Int, _ holder: ConnectionHolder, in budget: ConnectionBudget) throws -> [ConnectionSlot] {
        try (0..<count).map { _ in try budget.admit(holder).get() }
    }

    @Test func oneProgramCannotTakeEverySlot() throws {
        let budget = ConnectionBudget()
        let held = try admit(budget.limits.perProgram, app, in: budget)
        #expect(throws: ConnectionRefusal.programFull(32)) { try budget.admit(app).get() }
        let others = try admit(budget.limits.perProgram, other, in: budget)
        let commands = try admit(budget.limits.intentsCommand, .intentsCommand, in: budget)
        #expect(throws: ConnectionRefusal.intentsCommandFull(64)) { try budget.admit(.intentsCommand).get() }
        #expect(budget.held == ConnectionBudget.Held(programs: 64, intentsCommand: 64, parked: 0))
        held[0].release()
        held[0].release()  // once only
        #expect(budget.held == ConnectionBudget.Held(programs: 63, intentsCommand: 64, parked: 0))
        let again = try budget.admit(app).get()
        _ = (again, others, commands)
    }

    @Test func installedAppsAreServedWhileOtherProgramsHoldEverySharedSlot() throws {
        let budget = ConnectionBudget(limits: .init(programs: 4, installedApps: 2, perProgram: 2, intentsCommand: 1, parkedPerApp: 1, parked: 1))
        var held: [ConnectionSlot] = []
        for file in 0..<2 {
            held += try admit(2, .program(user: 1000, file: FileIdentity(device: 9, inode: UInt64(file))), in: budget)
        }
        #expect(throws: ConnectionRefusal.programsFull(4)) { try budget.admit(.program(user: 1000, file: FileIdentity(device: 9, inode: 7))).get() }
        let installed = ConnectionHolder.installedApp(user: 1000, file: FileIdentity(device: 1, inode: 42))
        held += try admit(2, installed, in: budget)
        #expect(throws: ConnectionRefusal.programFull(2)) { try budget.admit(installed).get() }
        #expect(throws: ConnectionRefusal.installedAppsFull(2)) {
            try budget.admit(.installedApp(user: 1000, file: FileIdentity(device: 1, inode: 43))).get()
        }
        #expect(budget.held == ConnectionBudget.Held(programs: 4, intentsCommand: 0, parked: 0, installedApps: 2))
        held.forEach { $0.release() }
        #expect(budget.held == ConnectionBudget.Held(programs: 0, intentsCommand: 0, parked: 0, installedApps: 0))
    }

    /// A peer (here this test process, through a socket pair) is an installed app exactly when
    /// the file it runs is one of the installed apps' executables.
    @Test func aPeerRunningAnInstalledAppsExecutableDrawsOnTheAppsBudget() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let peer = try #require(PeerIdentity(socket: ends[0]))
        let file = try #require(peer.executableFile)
        #expect(ConnectionHolder(peer, appExecutables: [file]) == .installedApp(user: getuid(), file: file))
        #expect(ConnectionHolder(peer, appExecutables: [FileIdentity(device: file.device, inode: file.inode + 1)])
                == .program(user: getuid(), file: file))
    }

    @Test func theIntentsCommandIsServedWhileProgramsHoldEverySharedSlot() throws {
        let budget = ConnectionBudget(limits: .init(programs: 4, perProgram: 2, intentsCommand: 1, parkedPerApp: 1, parked: 1))
        var held: [ConnectionSlot] = []
        for file in 0..<2 {
            held += try admit(2, .program(user: 1000, file: FileIdentity(device: 9, inode: UInt64(file))), in: budget)
        }
        #expect(throws: ConnectionRefusal.programsFull(4)) { try budget.admit(.program(user: 1000, file: nil)).get() }
        let command = try budget.admit(.intentsCommand).get()
        #expect(budget.held == ConnectionBudget.Held(programs: 4, intentsCommand: 1, parked: 0))
        _ = (held, command)
    }

    /// A parked request leaves its program's share, up to a few per app.
    @Test func parkedRequestsLeaveTheirProgramsShareUpToAFewPerApp() throws {
        let budget = ConnectionBudget()
        let slots = try admit(budget.limits.perProgram, app, in: budget)
        for slot in slots.prefix(budget.limits.parkedPerApp) { try slot.park(app: "com.example.Forger") }
        #expect(budget.held == ConnectionBudget.Held(programs: 16, intentsCommand: 0, parked: 16))
        #expect(throws: ConnectionRefusal.appParkedFull(app: "com.example.Forger", 16)) { try slots.last!.park(app: "com.example.Forger") }
        #expect(budget.held == ConnectionBudget.Held(programs: 16, intentsCommand: 0, parked: 16), "a refused park moves nothing")
        // The program may connect again: its parked requests hold none of its share.
        let more = try admit(budget.limits.parkedPerApp, app, in: budget)
        #expect(throws: ConnectionRefusal.programFull(32)) { try budget.admit(app).get() }
        for slot in slots + more { slot.release() }
        #expect(budget.held == ConnectionBudget.Held(programs: 0, intentsCommand: 0, parked: 0))
    }

    @Test func everyAppTogetherParksAtMostTheWholeLimit() throws {
        let budget = ConnectionBudget(limits: .init(programs: 8, perProgram: 8, intentsCommand: 1, parkedPerApp: 2, parked: 3))
        let slots = try admit(4, app, in: budget)
        try slots[0].park(app: "a")
        try slots[1].park(app: "a")
        try slots[2].park(app: "b")
        #expect(throws: ConnectionRefusal.parkedFull(3)) { try slots[3].park(app: "c") }
        #expect(ConnectionRefusal.parkedFull(3).message
                == "Apps already have 3 requests for Siri waiting for the user's answer, the most the server keeps; ask again once the user has answered.")
    }

    @Test func aSlotLetGoOfIsGivenBack() throws {
        let budget = ConnectionBudget()
        do {
            let parked = try budget.admit(app).get()
            try parked.park(app: "com.example.Forger")
            let command = try budget.admit(.intentsCommand).get()
            #expect(budget.held == ConnectionBudget.Held(programs: 0, intentsCommand: 1, parked: 1))
            _ = (parked, command)
        }
        #expect(budget.held == ConnectionBudget.Held(programs: 0, intentsCommand: 0, parked: 0))
    }
}
