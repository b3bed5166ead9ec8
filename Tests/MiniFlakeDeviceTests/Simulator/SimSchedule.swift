import MiniFlake
import MiniFlakeSupport

/// Draws a schedule from a seed: at each step an action the world allows, weighted so that
/// identifiers, clocks, deaths, background work and store calls interleave in every order.
struct SimSchedule {
    /// The process kinds the devices run.
    static let kinds = ["app", "share"]
    /// At most this many live processes of one kind on one device.
    static let processesPerKind = 2

    /// How a seed's schedule leans: the world's shape and the actions' weights.
    struct Profile: Sendable {
        /// Instance bits: 4, 8 or 16 numbers (few numbers make claims meet held and silent records).
        var instanceBits = 4
        /// Whether store calls fail often: a third of calls instead of a sixth.
        var heavyFaults = false
        var claimWeight: UInt64 = 6
        var releaseWeight: UInt64 = 2
        var deliverWeight: UInt64 = 16
        var clockWeight: UInt64 = 3
        /// In how many of 100 advances a month passes.
        var monthsIn100: UInt64 = 1

        /// The profile of a seed: a quarter each of light faults, heavy faults, claims and
        /// releases with four numbers, and clocks moved often.
        static func of(seed: UInt64) -> Profile {
            var profile = Profile(instanceBits: 2 + Int(seed / 4 % 3))
            switch seed % 4 {
            case 1: profile.heavyFaults = true
            case 2:
                profile = Profile(
                    instanceBits: 2, heavyFaults: true, claimWeight: 14, releaseWeight: 8, deliverWeight: 30,
                    monthsIn100: 4)
            case 3: profile.clockWeight = 10
            default: break
            }
            return profile
        }
    }

    let world: SimWorld
    let profile: Profile

    /// The next action.
    func next() -> SimAction {
        let alive = world.alive
        let parked = world.scheduler.parked.count
        let jobs = world.background.withLock { $0.count }
        var choices: [(weight: UInt64, make: () -> SimAction)] = [
            (15, advance),
            (profile.clockWeight, setClock),
            (world.devices.count * Self.kinds.count * Self.processesPerKind > alive.count ? 6 : 0, open),
        ]
        if let process = pick(alive)?.number {
            choices += [
                (30, { .issue(process: process, call: self.call(), count: Int(1 + self.below(6))) }),
                (5, { .close(process: process, async: self.below(2) == 0) }),
                (2, { .kill(process: process) }),
                (2, { .dieDuring(process: process, step: AtomicWriteStep.allCases[Int(self.below(4))]) }),
                (profile.claimWeight, { .claim(process: process) }),
                (profile.releaseWeight, { .release(process: process) }),
                (1, { .signOut(process: process) }),
            ]
        }
        if jobs > 0 { choices.append((8, { .runBackgroundWork(index: Int(self.below(UInt64(jobs)))) })) }
        if parked > 0 {
            choices.append(
                (profile.deliverWeight, { .deliver(index: Int(self.below(UInt64(parked))), fault: self.fault()) }))
        }
        choices += [
            (
                1,
                {
                    self.below(4) == 0
                        ? .deleteZone : .restore(device: Int(self.below(UInt64(self.world.devices.count))))
                }
            )
        ]
        let total = choices.reduce(0) { $0 + $1.weight }
        var point = below(total)
        for choice in choices {
            if point < choice.weight { return choice.make() }
            point -= choice.weight
        }
        return .advance(1)
    }

    private func below(_ bound: UInt64) -> UInt64 { world.draw() % max(1, bound) }

    private func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[Int(below(UInt64(items.count)))] }

    private func advance() -> SimAction {
        let point = below(100)
        switch point {
        case ..<profile.monthsIn100: return .advance(31 * 86_400_000)
        case ..<(profile.monthsIn100 + 2): return .advance(120_000)
        case ..<(profile.monthsIn100 + 12): return .advance(100 + Int64(below(2_000)))
        default: return .advance(Int64(below(6)))
        }
    }

    private func setClock() -> SimAction {
        let device = Int(below(UInt64(world.devices.count)))
        let offsets: [Int64] = [
            0, 0, -60_000, -120_000, 5_000, -2_000, 40 * 86_400_000, -(SimWorld.start - 1_400_000_000_000),
        ]
        return .setClock(device: device, offset: offsets[Int(below(UInt64(offsets.count)))])
    }

    private func open() -> SimAction {
        .open(device: Int(below(UInt64(world.devices.count))), kind: Self.kinds[Int(below(UInt64(Self.kinds.count)))])
    }

    private func call() -> SimAction.Call {
        switch below(6) {
        case 0: .immediate
        case 1: .blocking
        case 2: .async
        case 3: .immediateBatch(Int(1 + below(40)))
        case 4: .blockingBatch(Int(1 + below(40)))
        default: .asyncBatch(Int(1 + below(40)))
        }
    }

    private func fault() -> SimFault {
        let point = below(100)
        let lost: UInt64 = profile.heavyFaults ? 15 : 8
        switch point {
        case ..<lost: return .lostReply
        case ..<(2 * lost): return .unreachable
        case ..<(2 * lost + 5): return .rateLimited(Int64(1 + below(600)))
        case ..<(2 * lost + 10): return .omittedServerRecord
        case ..<(2 * lost + 15): return .staleRead
        default: return .none
        }
    }
}
