import MiniFlake

/// What the simulation does to one store call when it lets it reach the server.
enum SimFault: Sendable, Hashable {
    /// The call is answered as the server has it.
    case none
    /// A save commits and its reply is lost (`unknown_outcome`); any other call finds no network.
    case lostReply
    /// The call never reaches the server (`network_unavailable`).
    case unreachable
    /// The server refuses with a retry delay (`rate_limited`), by seconds.
    case rateLimited(Int64)
    /// A create of a name that exists is refused without the server's record.
    case omittedServerRecord
    /// A read shows the record's previous version, where there is one.
    case staleRead
}

/// The claimers' store calls in flight: each call parks here until the simulation lets it reach
/// the server, with the fault it draws. The claims run in tasks, but only one moves at a time:
/// after starting a task or letting a call through, the simulation waits (``settle()``) until
/// every task has parked again or finished, so one seed is one schedule.
final class SimScheduler: Sendable {
    /// A call waiting for its turn.
    struct Parked: Sendable {
        let process: Int
        let label: String
        let continuation: CheckedContinuation<SimFault, Never>
    }

    private struct State: Sendable {
        var parked: [Parked] = []
        /// Tasks running now (neither parked nor finished).
        var active = 0
        var waiter: CheckedContinuation<Void, Never>?

        mutating func quiet() -> CheckedContinuation<Void, Never>? {
            guard active == 0 else { return nil }
            defer { waiter = nil }
            return waiter
        }
    }

    private let state = LockedValue(State())

    /// The calls parked now, in the order they parked.
    var parked: [(process: Int, label: String)] { state.withLock { $0.parked.map { ($0.process, $0.label) } } }

    /// Parks the calling store call until the simulation lets it through; answers its fault.
    func park(process: Int, label: String) async -> SimFault {
        await withCheckedContinuation { (continuation: CheckedContinuation<SimFault, Never>) in
            let waiter = state.withLock { state in
                state.parked.append(Parked(process: process, label: label, continuation: continuation))
                state.active -= 1
                return state.quiet()
            }
            waiter?.resume()
        }
    }

    /// Starts `body` in a task that counts as running until it parks or finishes.
    func start(_ body: @escaping @Sendable () async -> Void) {
        state.withLock { $0.active += 1 }
        Task {
            await body()
            let waiter = state.withLock { state in
                state.active -= 1
                return state.quiet()
            }
            waiter?.resume()
        }
    }

    /// Lets the parked call at `index` through with `fault`.
    func release(at index: Int, with fault: SimFault) {
        let call = state.withLock { state in
            state.active += 1
            return state.parked.remove(at: index)
        }
        call.continuation.resume(returning: fault)
    }

    /// Waits until every task has parked or finished.
    func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.active > 0 else { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
