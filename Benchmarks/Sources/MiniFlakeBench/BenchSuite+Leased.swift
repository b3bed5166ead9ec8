import MiniFlake
import MiniFlakeLease

extension BenchSuite {
    /// `next()` of a leased issuer, beside `FlakeMaker.next()`: the permit check and the
    /// generator behind it. The issuer must already hold its lease (it is made with `await`,
    /// so a caller sets it up before the run and passes the case to ``run(scale:matching:adding:progress:)``)
    /// and should be renewing it (`run()`) while the cases run.
    public static func leasedCase(scale: BenchScale, issuer: LeasedFlakeIssuer, backendName: String) -> BenchCase {
        let count = scale.itemsPerBurst
        return BenchCase(
            key: "lease.next", name: "LeasedFlakeIssuer.next(), \(backendName)", group: .generator,
            itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
        ) {
            try timedIDs(count) { try issuer.next().rawValue }
        }
    }
}
