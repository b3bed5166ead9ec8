import MiniFlake
import MiniFlakeSupport

/// Draws a schedule from a seed: at each step an action the world allows, weighted so that
/// identifiers, clocks, deaths, background work and store calls interleave in every order.
struct SimSchedule {
    /// The process kinds the devices run.
    static let kinds = ["app", "share"]
    /// At most this many live processes of one kind on one device.
    static let processesPerKind = 2

    let world: SimWorld
    /// Whether store calls fail often: a third of calls instead of a sixth.
    let heavyFaults: Bool

    /// The next action.
    func next() -> SimAction {
        let alive = world.alive
        let parked = world.scheduler.parked.count
        let jobs = world.background.withLock { $0.count }
        var choices: [(weight: UInt64, make: () -> SimAction)] = [
            (15, advance),
            (3, setClock),
            (world.devices.count * Self.kinds.count * Self.processesPerKind > alive.count ? 6 : 0, open),
        ]
        if let process = pick(alive)?.number {
            choices += [
                (30, { .issue(process: process, call: self.call(), count: Int(1 + self.below(6))) }),
                (5, { .close(process: process, async: self.below(2) == 0) }),
                (2, { .kill(process: process) }),
                (2, { .dieDuring(process: process, step: AtomicWriteStep.allCases[Int(self.below(4))]) }),
                (6, { .claim(process: process) }),
                (2, { .release(process: process) }),
                (1, { .signOut(process: process) }),
            ]
        }
        if jobs > 0 { choices.append((8, { .runBackgroundWork(index: Int(self.below(UInt64(jobs)))) })) }
        if parked > 0 {
            choices.append((16, { .deliver(index: Int(self.below(UInt64(parked))), fault: self.fault()) }))
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
        switch below(100) {
        case 0: .advance(31 * 86_400_000)
        case 1...2: .advance(120_000)
        case 3...12: .advance(100 + Int64(below(2_000)))
        default: .advance(Int64(below(6)))
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
        let lost: UInt64 = heavyFaults ? 15 : 8
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
