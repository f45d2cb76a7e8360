import Foundation

extension LocalAPIService {
    /// A slot in the budget for `connection`, or nil when its holder has no room (the connection
    /// is then cut, and the refusal logged with the peer's pid and executable). A peer running an
    /// installed app's executable, as the last scan found it, draws on the apps' budget.
    func admit(_ connection: ClientConnection) -> ConnectionSlot? {
        let appExecutables = Set(host.dispatcher.catalog.apps.compactMap(\.executableFile))
        switch budget.admit(ConnectionHolder(connection.peer, appExecutables: appExecutables)) {
        case .success(let slot):
            return slot
        case .failure(let refusal):
            host.logger.warning("connection refused: \(refusal.message)", metadata: [
                "pid": "\(connection.peer.processID)", "executable": "\(connection.peer.executable ?? "unknown")",
            ])
            connection.hangUp()
            return nil
        }
    }
}
