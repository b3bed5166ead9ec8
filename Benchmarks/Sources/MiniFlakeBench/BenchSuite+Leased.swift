import MiniFlake
import MiniFlakeLease

extension BenchSuite {
    /// `nextBlocking()` of a leased issuer, beside `FlakeMaker.nextBlocking()`: the same generator, run in the
    /// window the lease covers. The issuer must already hold its lease (it is made with `await`,
    /// so a caller sets it up before the run and passes the case to ``run(scale:matching:adding:progress:)``)
    /// and should be renewing it (`run()`) while the cases run.
    public static func leasedCase(scale: BenchScale, issuer: LeasedFlakeIssuer, backendName: String) -> BenchCase {
        let count = scale.itemsPerBurst
        return BenchCase(
            key: "lease.next", name: "LeasedFlakeIssuer.nextBlocking(), \(backendName)", group: .generator,
            itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
        ) {
            try timedIDs(count) { try issuer.nextBlocking().rawValue }
        }
    }

    /// `nextImmediately()` of a leased issuer, as ``leasedCase(scale:issuer:backendName:)``. A
    /// refusal (a renewal under way) is retried, and its cost counted.
    public static func leasedImmediateCase(scale: BenchScale, issuer: LeasedFlakeIssuer, backendName: String)
        -> BenchCase
    {
        let count = scale.itemsPerBurst
        return BenchCase(
            key: "lease.immediately", name: "LeasedFlakeIssuer.nextImmediately(), \(backendName)",
            group: .generator, itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
        ) {
            try timedIDs(count) {
                try retryingPending { () throws(FlakeError) in try issuer.nextImmediately() }.rawValue
            }
        }
    }

    /// Calls `issue` until it does not refuse retryably (`FlakeError.isRetryable`).
    @inline(__always)
    static func retryingPending(_ issue: () throws(FlakeError) -> FlakeID) throws(FlakeError) -> FlakeID {
        while true {
            do throws(FlakeError) {
                return try issue()
            } catch {
                guard error.isRetryable else { throw error }
            }
        }
    }

    /// One leased issuer shared by 2 threads, beside one `FlakeMaker` shared by 2
    /// (`threads.shared.2`): the lease must cost the threads nothing more.
    public static func leasedThreadsCase(scale: BenchScale, issuer: LeasedFlakeIssuer) -> BenchCase {
        let team = ThreadTeam(size: 2)
        let perMember = Swift.max(1, scale.itemsPerBurst / 2)
        return BenchCase(
            key: "lease.threads.2", name: "LeasedFlakeIssuer.nextBlocking(), 1 shared issuer, 2 threads",
            group: .threads, threads: 2, itemsPerBurst: perMember * 2, scale: scale, pauses: true,
            timestampOfID: miniFlakeMilliseconds
        ) {
            try teamIDs(team, perMember: perMember) { try issuer.nextBlocking().rawValue }
        }
    }
}
