import MiniFlake
import MiniFlakeDevice
import MiniFlakeSupport

/// One process of the simulation: an issuer on a device's state directory, its own claimer, and
/// whether (and where) it dies.
final class SimProcess: Sendable {
    /// Whether the process is dead, and the write step it is to die after.
    struct Fate: Sendable {
        var dead = false
        var dieAfter: AtomicWriteStep?
    }

    let number: Int
    let device: Int
    let kind: String
    let fate: LockedValue<Fate>
    let issuer: DeviceFlakeIssuer
    let claimer: AccountInstanceClaims
    /// Whether a claim or release of this process is in flight.
    let busy = LockedValue(false)

    init(
        number: Int, device: Int, kind: String, fate: LockedValue<Fate>, issuer: DeviceFlakeIssuer,
        claimer: AccountInstanceClaims
    ) {
        self.number = number
        self.device = device
        self.kind = kind
        self.fate = fate
        self.issuer = issuer
        self.claimer = claimer
    }

    var isAlive: Bool { !fate.withLock { $0.dead } }

    /// The hook a process's state writes ask after each step: a dead process never completes
    /// another write.
    static func deathHook(_ fate: LockedValue<Fate>) -> @Sendable (AtomicWriteStep) -> Bool {
        { step in
            fate.withLock { fate in
                if fate.dead { return true }
                guard fate.dieAfter == step else { return false }
                fate.dead = true
                return true
            }
        }
    }
}

/// One device: a state directory, a device key, and a clock of its own.
struct SimDevice: Sendable {
    let number: Int
    let key: String
    let directory: String
    let clock: ManualFlakeClock
}
