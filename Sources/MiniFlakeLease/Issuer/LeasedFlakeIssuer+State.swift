import MiniFlake
import Synchronization

extension LeasedFlakeIssuer {
    /// What the renewal loop and the issuing path share, under the issuer's lock.
    struct State {
        /// The renewal decisions and the timing they depend on.
        var machine: LeaseRenewalMachine
        /// The generator in use (last), and older ones a reader may still hold.
        var makers: [FlakeMaker]
        var lease: InstanceLease?
        /// Counts generators installed; the permit holds it modulo 2^20.
        var generation: UInt64
        var loop: Task<Void, Never>?
        var lastError: LeaseBackendError?
    }

    /// A number claimed, its generator, and its first reservation.
    struct Acquired: Sendable {
        let lease: InstanceLease
        let maker: FlakeMaker
        let reservation: LeaseSettings.Reservation
    }

    /// How many generators the issuer keeps alive right now: the one in use and those a
    /// reader may still hold. For tests.
    var retainedGeneratorCount: Int {
        state.withLock { $0.makers.count }
    }

    /// Lets go of the generators replaced since a reader last looked, once no call is inside
    /// the issuing path.
    ///
    /// Readers load the generator without retaining it (`Unmanaged`), so a replaced generator
    /// must stay alive while a call that loaded it is still using it. Counting readers makes
    /// that exact: `current` is stored before `readers` is read here, and a reader counts
    /// itself before it loads `current` (all sequentially consistent), so when the count is
    /// zero every later reader sees the new generator and no earlier one is left. A grace
    /// period would be cheaper for readers but cannot rule out a thread paused for longer.
    /// This runs on every install and every step of the renewal loop, so the list stays at
    /// one generator plus those replaced while calls were in flight.
    func retireGenerators(_ state: inout State) {
        guard state.makers.count > 1, readers.load(ordering: .sequentiallyConsistent) == 0 else { return }
        state.makers.removeFirst(state.makers.count - 1)
    }
}
