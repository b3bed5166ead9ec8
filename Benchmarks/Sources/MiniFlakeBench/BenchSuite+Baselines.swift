import Foundation
import MiniFlake

extension BenchSuite {
    /// The other ways of making unique identifiers MiniFlake is compared with.
    static func baselineCases(scale: BenchScale) -> [BenchCase] {
        let count = scale.itemsPerBurst
        let snowflake = MutexSnowflake(worker: 1)
        let sharedSnowflake = MutexSnowflake(worker: 2)
        // Not thread-safe, as the original was: only the thread running a burst calls it, one
        // burst at a time.
        nonisolated(unsafe) let original = OriginalStyleFlakeMaker(instanceNumber: 3)
        let team = ThreadTeam(size: 2)
        let perMember = Swift.max(1, count / 2)
        return [
            BenchCase(
                key: "baseline.uuid", name: "baseline: UUID()", group: .baseline,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                timedIDs(count) {
                    let bytes = UUID().uuid
                    return Int64(bytes.0) &+ Int64(bytes.15)
                }
            },
            BenchCase(
                key: "baseline.uuidString", name: "baseline: UUID().uuidString", group: .baseline,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                timedIDs(count) { Int64(UUID().uuidString.utf8.count) }
            },
            BenchCase(
                key: "baseline.original", name: "baseline: original per-thread maker (threadDictionary, Date())",
                group: .baseline, itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { OriginalStyleFlakeMaker.forCurrentThread().nextValue() }
            },
            BenchCase(
                key: "baseline.original.direct",
                name: "baseline: original-style maker held directly (Date(), no locking)",
                group: .baseline, itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { original.nextValue() }
            },
            BenchCase(
                key: "baseline.queueCounter", name: "baseline: counter behind a serial DispatchQueue",
                group: .baseline, itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: SerialQueueCounter.millisecondsSince1970(of:)
            ) {
                timedIDs(count) { SerialQueueCounter.next() }
            },
            BenchCase(
                key: "baseline.mutex", name: "baseline: Mutex Snowflake (spins at 4096/ms)", group: .baseline,
                itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: twitterMilliseconds
            ) {
                timedIDs(count) { snowflake.nextValue() }
            },
            BenchCase(
                key: "baseline.mutex.2", name: "baseline: Mutex Snowflake, 1 shared, 2 threads", group: .baseline,
                threads: 2, itemsPerBurst: perMember * 2, scale: scale, pauses: true,
                timestampOfID: twitterMilliseconds
            ) {
                try teamIDs(team, perMember: perMember) { sharedSnowflake.nextValue() }
            },
        ]
    }
}
