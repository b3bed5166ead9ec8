import MiniFlake
import MiniFlakeDevice

extension BenchSuite {
    /// `next()` of a device issuer, beside `FlakeMaker.next()` and the leased issuer: a clock
    /// read and an uncontended mutex per identifier, and once per reserved window (1000 ticks)
    /// a write of its state file with `fsync`. The caller makes the issuer (on a directory of
    /// its own) and passes the case to ``run(scale:matching:adding:progress:)``.
    public static func deviceCase(scale: BenchScale, issuer: DeviceFlakeIssuer) -> BenchCase {
        let count = scale.itemsPerBurst
        return BenchCase(
            key: "device.next", name: "DeviceFlakeIssuer.next()", group: .generator,
            itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
        ) {
            try timedIDs(count) { try issuer.nextBlocking().rawValue }
        }
    }

    /// A device issuer on `directory` with a fixed device key, for ``deviceCase(scale:issuer:)``.
    public static func deviceIssuer(directory: String) throws -> DeviceFlakeIssuer {
        try DeviceFlakeIssuer(directory: directory, processKind: "bench", deviceKey: FixedDeviceKey("miniflake-bench"))
    }
}
