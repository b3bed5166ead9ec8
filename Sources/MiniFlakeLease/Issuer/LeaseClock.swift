import MiniFlake

/// The monotonic clock a ``LeasedFlakeIssuer`` times its lease deadline with, in milliseconds
/// from an arbitrary start.
///
/// It must never go backwards and must keep counting while the machine sleeps, because the
/// backend's lease runs out in real time: ``system`` reads `CLOCK_BOOTTIME` on Linux and
/// `CLOCK_MONOTONIC` (which counts sleep) on Apple platforms. Tests pass a function instead.
public struct LeaseClock: Sendable {
    private enum Source: Sendable {
        case boot
        case custom(@Sendable () -> Int64)
    }

    private let source: Source

    /// The system's monotonic clock that counts time asleep.
    public static let system = LeaseClock(source: .boot)

    private init(source: Source) {
        self.source = source
    }

    /// A clock that calls a function for every reading, such as a test's manual clock.
    ///
    /// - Parameter milliseconds: Returns the time in milliseconds; must never decrease.
    public init(_ milliseconds: @escaping @Sendable () -> Int64) {
        self.init(source: .custom(milliseconds))
    }

    /// Reads the clock, in milliseconds.
    @inline(__always)
    public func milliseconds() -> Int64 {
        switch source {
        case .boot:
            return FlakeClock.system.elapsedMilliseconds()
        case .custom(let read):
            return read()
        }
    }
}
