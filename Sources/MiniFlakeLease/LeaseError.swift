import MiniFlake

/// Why a leased generator made no identifier, or why a lease could not be claimed, renewed,
/// released or listed.
public enum LeaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The issuer holds no instance number right now: it lost its lease and has not claimed
    /// a new one yet, or it was released.
    case notHeld
    /// The lease on this instance number could not be renewed before its local deadline (the
    /// backend's expiry less the safety margin), so the issuer stopped making identifiers. It
    /// resumes once a renewal or a new claim succeeds.
    case expired(instanceNumber: Int)
    /// The backend no longer holds this lease for us: it expired there and may now belong to
    /// another holder, or it was released.
    case lost(instanceNumber: Int)
    /// The next identifier's tick is above the high-water mark reserved in the backend (the
    /// wall clock jumped forward). The issuer renews early to reserve more; until then it makes
    /// no identifier that a later holder of the number could repeat.
    case reservationExhausted(instanceNumber: Int, tick: Int64, reservedTick: Int64)
    /// Every instance number is leased to a live holder.
    case noFreeInstance(capacity: Int)
    /// The issuer was shut down and makes no more identifiers.
    case shutDown
    /// `run()` was called while it was already running, or after the issuer was shut down.
    case alreadyRunning
    /// The backend could not be reached or refused the request; the issuer keeps retrying.
    case unavailable(String)
    /// A request to the backend did not finish in time.
    case timedOut(operation: String, after: Duration)
    /// A file or directory of a file lease could not be read or written.
    case storage(path: String, reason: String)
    /// A setting cannot work, such as a safety margin longer than the lease.
    case invalidConfiguration(String)
    /// The generator itself failed (the layout ran out of time, the clock reads before the
    /// epoch, the lead limit was reached under ``MiniFlake/FlakeMaker/LeadPolicy/fail``, or a
    /// batch size is out of range).
    case generator(FlakeError)

    /// One line for a person, saying what went wrong.
    public var description: String {
        switch self {
        case .notHeld:
            "no instance number is leased right now; the issuer is claiming one"
        case .expired(let number):
            "the lease on instance number \(number) could not be renewed in time; no IDs until it is renewed"
        case .lost(let number):
            "the lease on instance number \(number) is gone (expired or released); it may belong to another holder"
        case .reservationExhausted(let number, let tick, let reserved):
            "instance number \(number): tick \(tick) is above the reserved high-water mark \(reserved); renewing early"
        case .noFreeInstance(let capacity):
            "all \(capacity) instance numbers are leased by live holders"
        case .shutDown:
            "the issuer was shut down"
        case .alreadyRunning:
            "run() is already running or the issuer was shut down"
        case .unavailable(let reason):
            "the lease backend is unavailable: \(reason)"
        case .timedOut(let operation, let after):
            "\(operation) did not finish within \(after)"
        case .storage(let path, let reason):
            "lease file \(path): \(reason)"
        case .invalidConfiguration(let reason):
            "invalid lease configuration: \(reason)"
        case .generator(let error):
            error.description
        }
    }
}
