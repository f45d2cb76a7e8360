import Foundation

extension LocalAPIService {
    /// A slot in the budget for `connection`, or nil when its holder has no room (the connection
    /// is then cut, and the refusal logged with the peer's pid and executable).
    func admit(_ connection: ClientConnection) -> ConnectionSlot? {
        switch budget.admit(ConnectionHolder(connection.peer)) {
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
