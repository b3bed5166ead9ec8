import Foundation
import MiniFlake

/// What ``AccountInstanceClaims`` reads from an issuer.
extension DeviceFlakeIssuer {
    /// The state a claim starts from.
    var claimState: DeviceState { snapshot.withLock { $0.state } }

    /// Now by the issuer's clock, for a claim's heartbeat.
    var clockDate: Date { Date(millisecondsSince1970: clock.millisecondsSince1970()) }
}
