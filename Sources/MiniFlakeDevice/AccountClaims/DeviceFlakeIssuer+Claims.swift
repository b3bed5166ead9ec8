import Foundation
import MiniFlake
import MiniFlakeSupport

/// What ``AccountInstanceClaims`` reads from an issuer, and the one change it makes besides
/// `adopt(_:)` and `signOut()`.
extension DeviceFlakeIssuer {
    /// The state a claim starts from.
    var claimState: DeviceState { snapshot.withLock { $0.state } }

    /// Now by the issuer's clock, in milliseconds since 1970, for a claim's heartbeat.
    var clockMilliseconds: Int64 { clock.millisecondsSince1970() }

    /// Signs out and leaves the number for a fresh provisional one, keeping the installation: what
    /// follows a release, after which another installation may take the number at once (above the
    /// mark the release stored), so this one must not go on issuing with it.
    func signOutForFreshNumber() async throws(DeviceStateError) {
        try await BlockingThread.run { () throws(DeviceStateError) in
            _ = try self.transact { draft throws(DeviceStateError) in
                draft.state.instance = try draft.drawInstance(avoiding: [draft.state.instance])
                draft.state.account = nil
                draft.state.registered = false
            }
        }
    }
}
