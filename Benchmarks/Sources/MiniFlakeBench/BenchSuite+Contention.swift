import MiniFlake

extension BenchSuite {
    /// The thread counts of the contention cases.
    public static let contentionThreadCounts = [1, 2, 4, 8, 16]

    /// One shared `FlakeMaker` flooded by 1, 2, 4, 8 and 16 threads (each burst
    /// ``BenchScale/floodCount`` identifiers in all, split between the threads, from
    /// `nextImmediately()` on a generator made for the burst with the longest lead, so that no
    /// call waits: one that would throws and fails the run), beside a `Mutex` Snowflake that
    /// carries the same way, shared by the same threads, and one generator per thread.
    static func contentionCases(scale: BenchScale) -> [BenchCase] {
        var cases: [BenchCase] = []
        let total = scale.floodCount
        // Fewer bursts than the short cases: a burst is 100,000 identifiers, and 16 threads on
        // a small machine take a while to wake.
        let bursts = Swift.min(scale.bursts, 41)
        let warmup = Swift.min(scale.warmupBursts, 4)
        for threads in contentionThreadCounts {
            let perMember = Swift.max(1, total / threads)
            let items = perMember * threads
            let sharedTeam = ThreadTeam(size: threads)
            cases.append(
                BenchCase(
                    key: "contention.shared.\(threads)",
                    name: "contention: 1 shared FlakeMaker, nextImmediately(), \(threads) threads",
                    group: .contention, threads: threads, itemsPerBurst: items, scale: scale,
                    bursts: bursts, warmupBursts: warmup, pauses: true,
                    timestampOfID: miniFlakeMilliseconds
                ) {
                    let maker = try FlakeMaker(instance: 100 + threads, maximumLead: .milliseconds(2046))
                    return try teamIDs(sharedTeam, perMember: perMember) { try maker.nextImmediately().rawValue }
                })
            let mutexTeam = ThreadTeam(size: threads)
            cases.append(
                BenchCase(
                    key: "contention.mutex.\(threads)",
                    name: "contention baseline: 1 shared Mutex Snowflake (carries), \(threads) threads",
                    group: .contention, threads: threads, itemsPerBurst: items, scale: scale,
                    bursts: bursts, warmupBursts: warmup, pauses: true,
                    timestampOfID: miniFlakeMilliseconds
                ) {
                    let snowflake = MutexCarryingSnowflake(instanceNumber: 200 + threads)
                    return try teamIDs(mutexTeam, perMember: perMember) { snowflake.nextValue() }
                })
            let ownTeam = ThreadTeam(size: threads)
            cases.append(
                BenchCase(
                    key: "contention.perThread.\(threads)",
                    name: "contention baseline: 1 FlakeMaker per thread, \(threads) threads",
                    group: .contention, threads: threads, itemsPerBurst: items, scale: scale,
                    bursts: bursts, warmupBursts: warmup, pauses: true,
                    timestampOfID: miniFlakeMilliseconds
                ) {
                    var makers: [FlakeMaker] = []
                    for member in 0..<threads {
                        makers.append(try FlakeMaker(instance: 300 + member, maximumLead: .milliseconds(2046)))
                    }
                    let own = makers
                    return try ownTeam.run { member in
                        let maker = own[member]
                        ownTeam.arriveAndWait()
                        let start = Stopwatch.now()
                        var sum: UInt64 = 0
                        var last: Int64 = 0
                        for _ in 0..<perMember {
                            last = try maker.nextImmediately().rawValue
                            sum &+= UInt64(bitPattern: last)
                        }
                        return ThreadTeam.Slice(start: start, end: Stopwatch.now(), checksum: sum, lastID: last)
                    }
                })
        }
        return cases
    }
}
