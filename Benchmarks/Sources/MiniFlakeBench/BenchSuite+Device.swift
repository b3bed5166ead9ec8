import MiniFlake
import MiniFlakeDevice

extension BenchSuite {
    /// `nextBlocking()` of a device issuer, beside `FlakeMaker.nextBlocking()` and the leased
    /// issuer: the same generator, run in the window of ticks the stored mark covers; once per
    /// window (a second) the next one, reserved in the background, opens in memory. The caller
    /// makes the issuer (on a directory of its own) and passes the case to
    /// ``run(scale:matching:adding:progress:)``.
    public static func deviceCase(scale: BenchScale, issuer: DeviceFlakeIssuer) -> BenchCase {
        let count = scale.itemsPerBurst
        return BenchCase(
            key: "device.next", name: "DeviceFlakeIssuer.nextBlocking()", group: .generator,
            itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
        ) {
            try timedIDs(count) { try issuer.nextBlocking().rawValue }
        }
    }

    /// `nextImmediately()` of a device issuer: what the blocking call costs, with no file
    /// touched when a window runs out. A refusal while the next window is still being reserved
    /// is retried, and its cost counted.
    public static func deviceImmediateCase(scale: BenchScale, issuer: DeviceFlakeIssuer) -> BenchCase {
        let count = scale.itemsPerBurst
        return BenchCase(
            key: "device.immediately", name: "DeviceFlakeIssuer.nextImmediately()", group: .generator,
            itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
        ) {
            try timedIDs(count) {
                try retryingPending { () throws(FlakeError) in try issuer.nextImmediately() }.rawValue
            }
        }
    }

    /// A device issuer on `directory` with a fixed device key, for ``deviceCase(scale:issuer:)``.
    public static func deviceIssuer(directory: String) throws -> DeviceFlakeIssuer {
        try DeviceFlakeIssuer(directory: directory, processKind: "bench", deviceKey: FixedDeviceKey("miniflake-bench"))
    }
}
