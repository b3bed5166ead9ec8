import Foundation
import Synchronization

/// A baseline: the original MiniFlake's per-thread generator, written here from its published
/// description (no code copied).
///
/// A plain class with no locking, so each thread needs its own: one generator per thread kept
/// in `Thread.current.threadDictionary`, looked up and cast for every identifier. It reads
/// `Date()` for milliseconds since 2018-03-01, and lays identifiers out as 41 bits of time,
/// 12 of sequence and 10 of instance number (``MiniFlake/FlakeLayout/miniFlake``). When a
/// millisecond's 4096 sequence numbers are used up it waits for the clock's next millisecond.
/// ``init(instanceNumber:)`` makes one to hold directly, for the cost of the generator alone.
final class OriginalStyleFlakeMaker {
    /// 2018-03-01T00:00:00Z, in seconds since 1970.
    static let epochSeconds: Double = 1_519_862_400

    private static let dictionaryKey = "MiniFlakeBench.OriginalStyleFlakeMaker"
    private static let instancesMade = Atomic<Int>(0)

    /// The instance number in every identifier this generator makes, `0..<1024`.
    let instanceNumber: Int64
    private var lastMilliseconds: Int64 = -1
    private var sequence: Int64 = 0

    /// Makes a generator that one thread holds and calls directly.
    init(instanceNumber: Int64) {
        self.instanceNumber = instanceNumber
    }

    /// The calling thread's generator, made and stored in its thread dictionary on first use.
    static func forCurrentThread() -> OriginalStyleFlakeMaker {
        let dictionary = Thread.current.threadDictionary
        if let maker = dictionary[dictionaryKey] as? OriginalStyleFlakeMaker {
            return maker
        }
        let number = instancesMade.add(1, ordering: .relaxed).newValue % 1024
        let maker = OriginalStyleFlakeMaker(instanceNumber: Int64(number))
        dictionary[dictionaryKey] = maker
        return maker
    }

    /// The next identifier's raw value.
    func nextValue() -> Int64 {
        var now = Self.millisecondsSinceEpoch()
        if now <= lastMilliseconds {
            now = lastMilliseconds
            sequence = (sequence + 1) & 0xFFF
            if sequence == 0 {
                while now <= lastMilliseconds {
                    now = Self.millisecondsSinceEpoch()
                }
            }
        } else {
            sequence = 0
        }
        lastMilliseconds = now
        return now << 22 | sequence << 10 | instanceNumber
    }

    private static func millisecondsSinceEpoch() -> Int64 {
        Int64((Date().timeIntervalSince1970 - epochSeconds) * 1000)
    }
}
