import Foundation
import MiniFlake

extension BenchSuite {
    /// Bare clock reads, precise and coarse.
    static func floorCases(scale: BenchScale) -> [BenchCase] {
        let count = scale.itemsPerBurst
        return [
            BenchCase(
                key: "clock.realtime", name: "clock_gettime(CLOCK_REALTIME)", group: .floor,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                timedIDs(count) { RealtimeClock.preciseNanoseconds() }
            },
            BenchCase(
                key: "clock.cas", name: "clock_gettime + one Atomic compare-exchange", group: .floor,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                let word = AtomicWord()
                return timedIDs(count) { word.exchangeIfUnchanged(RealtimeClock.preciseNanoseconds()) }
            },
            BenchCase(
                key: "clock.coarse", name: "clock_gettime(CLOCK_REALTIME_COARSE)", group: .floor,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                timedIDs(count) { RealtimeClock.coarseNanoseconds() }
            },
        ]
    }

    /// MiniFlake's single-identifier calls on one thread.
    static func generatorCases(scale: BenchScale) throws -> [BenchCase] {
        let count = scale.itemsPerBurst
        let valueMaker = try FlakeMaker(instance: 1)
        let idMaker = try FlakeMaker(instance: 2)
        let coarseMaker = try FlakeMaker(instance: 3, clock: .coarse)
        return [
            BenchCase(
                key: "maker.nextValue", name: "FlakeMaker.nextValue()", group: .generator,
                itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { valueMaker.nextValue() }
            },
            BenchCase(
                key: "maker.next", name: "FlakeMaker.nextBlocking()", group: .generator,
                itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
            ) {
                try timedIDs(count) { try idMaker.nextBlocking().rawValue }
            },
            BenchCase(
                key: "maker.next.coarse", name: "FlakeMaker.nextBlocking(), .coarse clock", group: .generator,
                itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
            ) {
                try timedIDs(count) { try coarseMaker.nextBlocking().rawValue }
            },
            BenchCase(
                key: "thread.current", name: "Thread.current alone", group: .generator,
                itemsPerBurst: count, scale: scale, pauses: false
            ) {
                timedIDs(count) { Int64(Int(bitPattern: UInt(bitPattern: ObjectIdentifier(Thread.current)))) }
            },
            BenchCase(
                key: "thread.nextFlakeID", name: "Thread.current.nextFlakeID()", group: .generator,
                itemsPerBurst: count, scale: scale, pauses: true, timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { Thread.current.nextFlakeID() }
            },
        ]
    }

    /// One shared generator on 2 and 4 threads, and the same threads reading the clock.
    static func threadCases(scale: BenchScale) throws -> [BenchCase] {
        var cases: [BenchCase] = []
        for threads in [2, 4] {
            let team = ThreadTeam(size: threads)
            let maker = try FlakeMaker(instance: 10 + threads)
            let perMember = Swift.max(1, scale.itemsPerBurst / threads)
            cases.append(
                BenchCase(
                    key: "threads.shared.\(threads)", name: "nextValue(), 1 shared maker, \(threads) threads",
                    group: .threads, threads: threads, itemsPerBurst: perMember * threads, scale: scale,
                    pauses: true, timestampOfID: miniFlakeMilliseconds
                ) {
                    try teamIDs(team, perMember: perMember) { maker.nextValue() }
                })
        }
        let casTeam = ThreadTeam(size: 2)
        let word = AtomicWord()
        let casPerMember = Swift.max(1, scale.itemsPerBurst / 2)
        cases.append(
            BenchCase(
                key: "threads.cas.2", name: "control: clock + CAS on one shared word, 2 threads",
                group: .threads, threads: 2, itemsPerBurst: casPerMember * 2, scale: scale, pauses: false
            ) {
                try teamIDs(casTeam, perMember: casPerMember) {
                    word.exchangeIfUnchanged(RealtimeClock.preciseNanoseconds())
                }
            })
        for threads in [2, 4] {
            let team = ThreadTeam(size: threads)
            let perMember = Swift.max(1, scale.itemsPerBurst / threads)
            cases.append(
                BenchCase(
                    key: "threads.control.\(threads)", name: "control: clock reads, \(threads) threads",
                    group: .threads, threads: threads, itemsPerBurst: perMember * threads, scale: scale,
                    pauses: false
                ) {
                    try teamIDs(team, perMember: perMember) { RealtimeClock.preciseNanoseconds() }
                })
        }
        return cases
    }

    /// `next(count:)` batches of 64 and 4096, every identifier read and summed.
    static func batchCases(scale: BenchScale) throws -> [BenchCase] {
        var cases: [BenchCase] = []
        let shapes = [(64, Swift.max(1, scale.itemsPerBurst / 64)), (4096, 1)]
        for (index, (batchSize, batches)) in shapes.enumerated() {
            let maker = try FlakeMaker(instance: 30 + index)
            cases.append(
                BenchCase(
                    key: "batch.\(batchSize)", name: "nextBlocking(count: \(batchSize)), iterated and summed",
                    group: .batch, itemsPerBurst: batchSize * batches, scale: scale, pauses: true,
                    timestampOfID: miniFlakeMilliseconds
                ) {
                    try timed {
                        var sum: UInt64 = 0
                        var last: Int64 = 0
                        for _ in 0..<batches {
                            for id in try maker.nextBlocking(count: batchSize) {
                                last = id.rawValue
                                sum &+= UInt64(bitPattern: last)
                            }
                        }
                        return (sum, last)
                    }
                })
        }
        return cases
    }

    /// Identifiers made back to back, above the sequence's ceiling of 4096 per millisecond.
    static func sustainedCases(scale: BenchScale) -> [BenchCase] {
        let carried = scale.sustainedCount
        let limited = scale.leadLimitedCount
        let lead = scale.leadLimitedMaximumLead
        return [
            BenchCase(
                key: "sustained.carry", name: "nextValue() × \(carried) back to back (carries ahead)",
                group: .sustained, itemsPerBurst: carried, scale: scale, bursts: 5, warmupBursts: 1,
                pauses: true, timestampOfID: miniFlakeMilliseconds
            ) {
                let maker = try FlakeMaker(instance: 40)
                return timedIDs(carried) { maker.nextValue() }
            },
            BenchCase(
                key: "sustained.leadLimit",
                name: "nextValue() × \(limited) back to back (\(Self.describe(lead)) lead, then waits)",
                group: .sustained, itemsPerBurst: limited, scale: scale, bursts: 3, warmupBursts: 0,
                pauses: true, timestampOfID: miniFlakeMilliseconds
            ) {
                let maker = try FlakeMaker(instance: 41, maximumLead: lead)
                return timedIDs(limited) { maker.nextValue() }
            },
            BenchCase(
                key: "sustained.mutex", name: "baseline: Mutex Snowflake × \(carried) back to back (spins)",
                group: .sustained, itemsPerBurst: carried, scale: scale, bursts: 3, warmupBursts: 0,
                pauses: true, timestampOfID: twitterMilliseconds
            ) {
                let snowflake = MutexSnowflake(worker: 42)
                return timedIDs(carried) { snowflake.nextValue() }
            },
        ]
    }

    /// Floods: bursts of 100,000 identifiers back to back (24 milliseconds' worth of
    /// sequence, made in about 4), beside two generators with no atomics: a plain one that
    /// carries ahead of the clock the same way, and the original's, which waits for the clock
    /// at 4096 per millisecond.
    static func floodCases(scale: BenchScale) throws -> [BenchCase] {
        let count = scale.floodCount
        let maker = try FlakeMaker(instance: 44)
        // Not thread-safe: only the thread running a burst calls it, one burst at a time.
        nonisolated(unsafe) let plain = CarryingPlainFlakeMaker(instanceNumber: 45)
        nonisolated(unsafe) let original = OriginalStyleFlakeMaker(instanceNumber: 46)
        return [
            BenchCase(
                key: "flood.nextValue", name: "nextValue() × \(count) back to back (floods, carries ahead)",
                group: .flood, itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { maker.nextValue() }
            },
            BenchCase(
                key: "flood.plain",
                name: "baseline: plain carrying maker, no atomics × \(count) back to back (floods)",
                group: .flood, itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { plain.nextValue() }
            },
            BenchCase(
                key: "flood.original",
                name: "baseline: original-style maker held directly × \(count) back to back (floods, waits)",
                group: .flood, itemsPerBurst: count, scale: scale, pauses: true,
                timestampOfID: miniFlakeMilliseconds
            ) {
                timedIDs(count) { original.nextValue() }
            },
        ]
    }

    /// A duration in the largest whole unit: `1 s`, `2 ms`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
