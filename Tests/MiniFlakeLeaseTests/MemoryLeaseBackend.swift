import Foundation
import MiniFlake
import MiniFlakeLease

/// A lease backend in memory, with switches to make renewals fail and to take leases away;
/// it stands in for a store, not for PostgreSQL (whose tests run against a real server).
final class MemoryLeaseBackend: InstanceLeaseBackend {
    struct Row: Sendable {
        var holder: String?
        var expiresAt: Int64 = .min
        var highWaterTick: Int64?
    }

    let layout: FlakeLayout
    let leaseDuration: Duration
    let numbers: ClosedRange<Int>
    private let now: @Sendable () -> Int64
    private let rows: LockedValue<[Int: Row]>
    /// While set, renewals fail as if the store were unreachable.
    let renewalsFail = AtomicWord<Bool>(false)
    /// While set, claims fail as if the store were unreachable.
    let claimsFail = AtomicWord<Bool>(false)
    let renewals = AtomicWord<Int>(0)
    /// While set, every claim is a takeover (``InstanceLease/isTakeover``), as a backend that
    /// cannot rule the previous holder out reports it.
    let claimsTakeOver = AtomicWord<Bool>(false)

    init(
        time: TestTime, layout: FlakeLayout = .miniFlake, leaseDuration: Duration = .seconds(30),
        numbers: ClosedRange<Int> = 0...1023
    ) {
        self.layout = layout
        self.leaseDuration = leaseDuration
        self.numbers = numbers
        let clock = time.clock
        self.now = { clock.elapsedMilliseconds }
        self.rows = LockedValue(Dictionary(uniqueKeysWithValues: numbers.map { ($0, Row()) }))
    }

    func row(_ number: Int) -> Row? { rows.withLock { $0[number] } }

    func setHighWaterTick(_ tick: Int64?, of number: Int) {
        rows.withLock { $0[number]?.highWaterTick = tick }
    }

    /// Gives a number to another holder, as if the lease had expired and been claimed.
    func steal(_ number: Int) {
        let now = now()
        rows.withLock { $0[number]?.holder = "thief" }
        rows.withLock { $0[number]?.expiresAt = now + leaseDuration.milliseconds() }
    }

    /// Ends every lease without touching the high-water marks, as if the holders crashed and
    /// their leases ran out.
    func expireAll() {
        rows.withLock { rows in
            for key in rows.keys { rows[key]?.expiresAt = .min }
        }
    }

    func claim() async throws(LeaseBackendError) -> InstanceLease {
        if claimsFail.load(ordering: .relaxed) { throw .unavailable("claims are switched off") }
        let now = now()
        let holder = LeaseHolder.unique("memory")
        let (number, row) = try rows.withLock { rows throws(LeaseBackendError) -> (Int, Row) in
            guard let number = rows.filter({ $0.value.expiresAt <= now }).keys.randomElement() else {
                throw .noFreeInstance(capacity: numbers.count)
            }
            rows[number]?.holder = holder
            rows[number]?.expiresAt = now + leaseDuration.milliseconds()
            return (number, rows[number] ?? Row())
        }
        return InstanceLease(
            instanceNumber: number, highWaterTick: row.highWaterTick, holder: holder, expiresAt: Date(),
            isTakeover: claimsTakeOver.load(ordering: .relaxed))
    }

    func renew(_ lease: InstanceLease, highWaterTick: Int64) async throws(LeaseBackendError) -> InstanceLease {
        if renewalsFail.load(ordering: .relaxed) { throw .unavailable("renewals are switched off") }
        renewals.add(1, ordering: .relaxed)
        let now = now()
        let mark = try rows.withLock { rows throws(LeaseBackendError) -> Int64 in
            guard let row = rows[lease.instanceNumber], row.holder == lease.holder, row.expiresAt > now else {
                throw .lost(instanceNumber: lease.instanceNumber)
            }
            let mark = max(row.highWaterTick ?? highWaterTick, highWaterTick)
            rows[lease.instanceNumber] = Row(
                holder: lease.holder, expiresAt: now + leaseDuration.milliseconds(), highWaterTick: mark)
            return mark
        }
        return InstanceLease(
            instanceNumber: lease.instanceNumber, highWaterTick: mark, holder: lease.holder, expiresAt: Date())
    }

    func release(_ lease: InstanceLease, highWaterTick: Int64?) async throws(LeaseBackendError) {
        let now = now()
        rows.withLock { rows in
            guard let row = rows[lease.instanceNumber], row.holder == lease.holder else { return }
            rows[lease.instanceNumber] = Row(
                holder: row.holder, expiresAt: now, highWaterTick: highWaterTick ?? row.highWaterTick)
        }
    }

    func list() async throws(LeaseBackendError) -> [InstanceLeaseRecord] {
        let now = now()
        return rows.withLock { rows in
            rows.keys.sorted().compactMap { number in
                guard let row = rows[number], let holder = row.holder else { return nil }
                return InstanceLeaseRecord(
                    instanceNumber: number, isHeld: row.expiresAt > now, holder: holder, expiresAt: nil,
                    highWaterTick: row.highWaterTick)
            }
        }
    }
}
