import Foundation
import MiniFlake
import MiniFlakeSupport

/// What ``AccountInstanceClaims`` reads from an issuer, and the changes it makes besides
/// `adopt(_:)` and `signOut()`.
extension DeviceFlakeIssuer {
    /// The state a claim starts from.
    var claimState: DeviceState { snapshot.withLock { $0.state } }

    /// Now by the issuer's clock, in milliseconds since 1970, for a claim's heartbeat.
    var clockMilliseconds: Int64 { clock.millisecondsSince1970() }

    /// Stops issuing with `instance`, which another installation holds now, and moves to a fresh
    /// provisional number (keeping the installation and the account, to claim again). The
    /// number is left at once in memory, before the state file is written, and every later
    /// change of state moves off it should this write fail.
    ///
    /// - Returns: The state after the move.
    func leaveTakenNumber(_ instance: Int) async throws(DeviceStateError) -> DeviceState {
        try await BlockingThread.run { () throws(DeviceStateError) in
            try self.leaveNumber(instance) { _ in }.state
        }
    }

    /// Stops issuing with `instance` and signs out with a fresh provisional number, before the
    /// number's record says released: another installation may take a released number at once,
    /// above the mark the release stores, which must be this state's mark after the move (every
    /// window any process of the kind reserved with `instance` is below it).
    ///
    /// - Returns: The state after the move.
    func leaveNumberForRelease(_ instance: Int) async throws(DeviceStateError) -> DeviceState {
        try await BlockingThread.run { () throws(DeviceStateError) in
            try self.leaveNumber(instance) { draft in
                draft.state.account = nil
                draft.moveToNumber(draft.state.instance, registered: false)
            }.state
        }
    }
}
