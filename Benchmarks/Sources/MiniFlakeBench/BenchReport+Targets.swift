import Foundation

extension BenchReport {
    /// The keys of the single-threaded baselines MiniFlake must beat.
    static let baselineKeys = [
        "baseline.uuid", "baseline.uuidString", "baseline.original", "baseline.original.direct",
        "baseline.queueCounter",
        "baseline.mutex",
    ]

    /// The goals of issues 4 and 12, each judged on this run's figures.
    public func targets() -> [BenchTarget] {
        let clock = measurement("clock.realtime")?.medianNanoseconds
        let nextValue = measurement("maker.nextValue")?.medianNanoseconds
        let threadNext = measurement("thread.nextFlakeID")?.medianNanoseconds
        let threadAlone = measurement("thread.current")?.medianNanoseconds
        let original = measurement("baseline.original")?.medianNanoseconds
        let coarse = measurement("maker.next.coarse")?.medianNanoseconds
        let batch = measurement("batch.4096")?.medianNanoseconds
        let shared2 = measurement("threads.shared.2")?.medianNanoseconds
        let control2 = measurement("threads.control.2")?.medianNanoseconds
        let uuid = measurement("baseline.uuid")?.medianNanoseconds
        let baselines = Self.baselineKeys.compactMap(measurement)
        var targets: [BenchTarget] = []
        var casNote = ""
        if let clock, let cas = measurement("clock.cas")?.medianNanoseconds {
            casNote = "; the clock read plus one compare-and-swap alone: \(ns(cas)) = \(x(cas / clock))"
        }

        targets.append(
            judge("single ID from a shared thread-safe generator ≤ 1.25x the bare clock read", nextValue, clock) {
                value, floor in
                (
                    value / floor <= 1.25,
                    "nextValue() \(ns(value)) vs clock_gettime \(ns(floor)) = \(x(value / floor))" + casNote
                )
            })
        targets.append(
            judge("issue 12: nextValue() ≤ 1.3x the bare clock read", nextValue, clock) { value, floor in
                (value / floor <= 1.3, "nextValue() \(ns(value)) vs clock_gettime \(ns(floor)) = \(x(value / floor))")
            })
        targets.append(
            judge(
                "issue 12: nextValue() below the original-style maker held directly (no atomics)", nextValue,
                measurement("baseline.original.direct")?.medianNanoseconds
            ) { value, plain in
                (value < plain, "nextValue() \(ns(value)) vs \(ns(plain)) = \(x(value / plain)) of it")
            })
        if let nextValue, let cheapest = baselines.min(by: { $0.medianNanoseconds < $1.medianNanoseconds }) {
            targets.append(
                BenchTarget(
                    goal: "nextValue() cheaper than every baseline",
                    met: nextValue < cheapest.medianNanoseconds,
                    figures: "nextValue() \(ns(nextValue)); cheapest baseline, "
                        + "\(cheapest.name.replacingOccurrences(of: "baseline: ", with: "")), "
                        + "\(ns(cheapest.medianNanoseconds)) = \(x(cheapest.medianNanoseconds / nextValue)) of it"))
        } else {
            targets.append(BenchTarget(goal: "nextValue() cheaper than every baseline", met: nil, figures: "not run"))
        }
        let sum = threadAlone.flatMap { alone in nextValue.map { alone + $0 } }
        targets.append(
            judge("Thread.current.nextFlakeID() ≤ Thread.current alone + nextValue()", threadNext, sum) {
                value, limit in
                (value <= limit, "\(ns(value)) vs \(ns(threadAlone ?? 0)) + \(ns(nextValue ?? 0)) = \(ns(limit))")
            })
        targets.append(
            judge("Thread.current.nextFlakeID() ≥ 8x faster than the original per-thread path", threadNext, original) {
                value, old in
                (old / value >= 8, "\(ns(value)) vs original \(ns(old)) = \(x(old / value)) faster")
            })
        var lagNote = ""
        if let coarseLag, coarseLag.hasCoarseClock {
            lagNote =
                "; largest lag seen \(Self.milliseconds(coarseLag.largestNanoseconds)) ms "
                + "(declared \(coarseLag.declaredMaximumMilliseconds) ms)"
        }
        targets.append(
            judge("next() with the .coarse clock < 10 ns per ID", coarse, 10) { value, limit in
                (value < limit, "\(ns(value)) per ID" + lagNote)
            })
        targets.append(
            judge("batch of 4096 < 2 ns per ID", batch, 2) { value, limit in
                (value < limit, "\(ns(value)) per ID")
            })
        var coreNote = ""
        if let clock, let control2 {
            let speedup = clock / control2
            coreNote =
                speedup < 1.5
                ? "; CAUTION: the clock-read control ran only \(x(speedup)) faster on 2 threads, so the second core "
                    + "was not really available"
                : "; control: clock reads ran \(x(speedup)) faster on 2 threads, so both cores were available"
        }
        if let cas = measurement("threads.cas.2")?.medianNanoseconds {
            coreNote += "; a clock read plus one CAS on a shared word costs \(ns(cas)) per ID on 2 threads"
        }
        targets.append(
            judge("2 threads on one shared generator: aggregate throughput not below 1 thread's", shared2, nextValue) {
                value, single in
                (
                    value <= single,
                    "\(ns(value)) per ID aggregate on 2 threads vs \(ns(single)) on 1 = \(x(single / value)) the "
                        + "throughput" + coreNote
                )
            })
        targets.append(
            judge("UUID() ≥ 50x slower than MiniFlake", uuid, nextValue) { value, mini in
                (value / mini >= 50, "UUID() \(ns(value)) vs nextValue() \(ns(mini)) = \(x(value / mini))")
            })
        targets += issue21Targets(clock: clock, shared2: shared2)
        targets += issue31Targets(clock: clock)
        return targets
    }

    /// The goals of issue 31, in units of one clock read: `FlakeMaker.nextBlocking()` within
    /// 0.05x of the clock-plus-compare-and-swap floor, and each issuer's blocking and immediate
    /// calls within 0.05x of `FlakeMaker.nextBlocking()`, while windows and leases roll over.
    private func issue31Targets(clock: Double?) -> [BenchTarget] {
        let floor = measurement("clock.cas")?.medianNanoseconds
        let maker = measurement("maker.next")?.medianNanoseconds
        func within(_ name: String, _ value: Double?, of reference: Double?, _ referenceName: String) -> BenchTarget {
            judge("issue 31: \(name) within 0.05x a clock read of \(referenceName)", value, reference) {
                value, reference in
                guard let clock else { return (false, "no clock read in this run") }
                let gap = (value - reference) / clock
                return (
                    gap <= 0.05, "\(name) \(ns(value)) vs \(referenceName) \(ns(reference)): \(x(gap)) a clock read"
                )
            }
        }
        return [
            within("FlakeMaker.nextBlocking()", maker, of: floor, "the clock + CAS floor"),
            within(
                "LeasedFlakeIssuer.nextBlocking()", measurement("lease.next")?.medianNanoseconds, of: maker,
                "FlakeMaker"),
            within(
                "LeasedFlakeIssuer.nextImmediately()", measurement("lease.immediately")?.medianNanoseconds, of: maker,
                "FlakeMaker"),
            within(
                "DeviceFlakeIssuer.nextBlocking()", measurement("device.next")?.medianNanoseconds, of: maker,
                "FlakeMaker"),
            within(
                "DeviceFlakeIssuer.nextImmediately()", measurement("device.immediately")?.medianNanoseconds, of: maker,
                "FlakeMaker"),
        ]
    }

    /// The goals of issue 21 (one generator for every issuer), judged on this run's figures.
    private func issue21Targets(clock: Double?, shared2: Double?) -> [BenchTarget] {
        let makerNext = measurement("maker.next")?.medianNanoseconds
        let lease = measurement("lease.next")?.medianNanoseconds
        let device = measurement("device.next")?.medianNanoseconds
        let flood = measurement("flood.nextValue")?.medianNanoseconds
        let plainFlood = measurement("flood.plain")?.medianNanoseconds
        let originalFlood = measurement("flood.original")?.medianNanoseconds
        let leaseThreads = measurement("lease.threads.2")?.medianNanoseconds
        func versusClock(_ name: String, _ limit: Double, _ value: Double?) -> BenchTarget {
            judge("issue 21: \(name) ≤ \(x(limit)) the bare clock read", value, clock) { value, floor in
                (value / floor <= limit, "\(name) \(ns(value)) vs clock_gettime \(ns(floor)) = \(x(value / floor))")
            }
        }
        return [
            versusClock("FlakeMaker.nextBlocking()", 1.25, makerNext),
            versusClock("LeasedFlakeIssuer.nextBlocking(), file lease", 1.3, lease),
            versusClock("DeviceFlakeIssuer.nextBlocking()", 1.3, device),
            judge("issue 21: a flood's nextValue() ≤ 1.0x the original-style maker (no atomics)", flood, originalFlood)
            {
                value, original in
                (
                    value <= original,
                    "nextValue() \(ns(value)) vs original-style \(ns(original)) = \(x(value / original))"
                )
            },
            judge("a flood's nextValue() ≤ 1.0x a plain carrying maker (no atomics, no lead bound)", flood, plainFlood)
            {
                value, plain in
                (value <= plain, "nextValue() \(ns(value)) vs plain \(ns(plain)) = \(x(value / plain))")
            },
            judge("issue 21: 2 threads on one leased issuer no slower than on one FlakeMaker", leaseThreads, shared2) {
                value, maker in
                (value <= maker, "\(ns(value)) per ID aggregate vs \(ns(maker)) = \(x(value / maker))")
            },
        ]
    }

    private func judge(
        _ goal: String, _ value: Double?, _ reference: Double?, _ verdict: (Double, Double) -> (Bool, String)
    ) -> BenchTarget {
        guard let value, let reference, reference > 0, value > 0 else {
            return BenchTarget(goal: goal, met: nil, figures: "its cases were not run")
        }
        let (met, figures) = verdict(value, reference)
        return BenchTarget(goal: goal, met: met, figures: figures)
    }

    private func ns(_ value: Double) -> String {
        Self.nanoseconds(value) + " ns"
    }

    private func x(_ value: Double) -> String {
        Self.ratio(value)
    }
}
