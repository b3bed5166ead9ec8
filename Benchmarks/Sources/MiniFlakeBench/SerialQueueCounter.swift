import Dispatch
import Foundation

/// A baseline: the "unique number for an NSManagedObject" approach. A static counter, seeded
/// with the seconds since 1970 times one million, incremented behind a serial `DispatchQueue`.
///
/// Its values read as microseconds since 1970 only while fewer than a million are made per
/// second; after a restart it repeats values if the last run made them faster than that.
enum SerialQueueCounter {
    private static let queue = DispatchQueue(label: "MiniFlakeBench.SerialQueueCounter")
    // Guarded by `queue`.
    nonisolated(unsafe) private static var counter = Int64(Date().timeIntervalSince1970) * 1_000_000

    /// The next number.
    static func next() -> Int64 {
        queue.sync {
            counter += 1
            return counter
        }
    }

    /// The moment a number stands for, in milliseconds since 1970.
    static func millisecondsSince1970(of value: Int64) -> Int64 {
        value / 1000
    }
}
