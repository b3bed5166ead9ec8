import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport

/// A deterministic model of what Apple documents about one account's CloudKit private database,
/// for the claim rules' tests. **It is not CloudKit**, and nothing here was checked against
/// CloudKit: it does what the documentation says the rules may meet, on purpose and repeatably.
///
/// - Record names are unique in the zone; a create of an existing name fails with the server's
///   record (`serverRecordChanged` with `serverRecord`, here `record_exists`).
/// - A replace is a compare-and-set on the change tag (`.ifServerRecordUnchanged`), failing with
///   the server's record.
/// - `modificationDate` is the server's clock (the injected clock, never a device's).
/// - A save may commit and its reply be lost (`unknown_outcome`).
/// - A read may show the previous version of a record for ``Faults/visibilityDelay`` after a save.
/// - No network, rate limiting with a retry delay, no account, a changed account and a deleted
///   zone, each injected by the test or drawn from a seeded generator, so a failure repeats.
final class CloudKitModel: Sendable {
    /// How often the drawn faults happen, per call (0 to 1).
    struct Faults: Sendable {
        /// A save commits and its reply is lost.
        var lostReply = 0.0
        /// The call is refused with a retry delay.
        var rateLimited = 0.0
        /// The call finds no network.
        var networkFailure = 0.0
        /// How long a read may still show a record's previous version after a save.
        var visibilityDelay: Duration = .zero
    }

    /// What the server holds, and the generator behind the faults.
    struct State: Sendable {
        var zoneExists = false
        var records: [String: InstanceClaimRecord] = [:]
        /// The version a read shows until the date, after each save.
        var previous: [String: (record: InstanceClaimRecord?, until: Int64)] = [:]
        var nextTag = 1
        var random: SeededGenerator
        var calls = 0
        var faultsDrawn = 0
    }

    /// The server's clock.
    let clock: ManualFlakeClock
    /// The account's stable name.
    let account: RegistryName
    let faults: Faults
    let state: LockedValue<State>

    init(account: RegistryName, clock: ManualFlakeClock, seed: UInt64, faults: Faults = Faults()) {
        self.account = account
        self.clock = clock
        self.faults = faults
        state = LockedValue(State(random: SeededGenerator(seed: seed)))
    }

    /// The server's records now, as a test inspects them (not as a device reads them).
    var records: [String: InstanceClaimRecord] { state.withLock { $0.records } }

    /// Deletes the zone and its records, as the user deleting the app's iCloud data does.
    func deleteZone() {
        state.withLock {
            $0.zoneExists = false
            $0.records = [:]
            $0.previous = [:]
        }
    }

    /// How many faults were drawn so far.
    var faultsDrawn: Int { state.withLock { $0.faultsDrawn } }

    // MARK: The calls, as a store makes them (under the lock, so each is atomic)

    func prepare() throws(InstanceClaimError) {
        try state.withLock { state throws(InstanceClaimError) in
            try drawRefusal(&state)
            state.zoneExists = true
        }
    }

    func fetch(_ name: String) throws(InstanceClaimError) -> InstanceClaimRecord? {
        try state.withLock { state throws(InstanceClaimError) in
            try drawRefusal(&state)
            try requireZone(state)
            if let previous = state.previous[name], previous.until > clock.millisecondsSince1970 {
                return previous.record
            }
            return state.records[name]
        }
    }

    func create(_ record: InstanceClaimRecord) throws(InstanceClaimError) -> InstanceClaimRecord {
        try state.withLock { state throws(InstanceClaimError) in
            try drawRefusal(&state)
            try requireZone(state)
            if let server = state.records[record.name] {
                throw InstanceClaimError(.recordExists, message: "\(record.name) exists", serverRecord: server)
            }
            return try save(record, in: &state)
        }
    }

    func replace(_ record: InstanceClaimRecord) throws(InstanceClaimError) -> InstanceClaimRecord {
        try state.withLock { state throws(InstanceClaimError) in
            try drawRefusal(&state)
            try requireZone(state)
            guard let server = state.records[record.name] else {
                throw InstanceClaimError(.recordMissing, message: "no record \(record.name)")
            }
            guard server.changeTag == record.changeTag else {
                throw InstanceClaimError(.recordChanged, message: "\(record.name) changed", serverRecord: server)
            }
            return try save(record, in: &state)
        }
    }

    private func save(_ record: InstanceClaimRecord, in state: inout State) throws(InstanceClaimError)
        -> InstanceClaimRecord
    {
        var saved = record
        saved.changeTag = "tag-\(state.nextTag)"
        state.nextTag += 1
        saved.modifiedMilliseconds = clock.millisecondsSince1970
        let delay = faults.visibilityDelay.milliseconds()
        if delay > 0 {
            state.previous[record.name] = (state.records[record.name], clock.millisecondsSince1970 + delay)
        }
        state.records[record.name] = saved
        if draw(faults.lostReply, &state) {
            throw InstanceClaimError(.unknownOutcome, message: "the reply to saving \(record.name) was lost")
        }
        return saved
    }

    private func requireZone(_ state: State) throws(InstanceClaimError) {
        guard state.zoneExists else { throw InstanceClaimError(.zoneMissing, message: "the zone does not exist") }
    }

    private func drawRefusal(_ state: inout State) throws(InstanceClaimError) {
        state.calls += 1
        if draw(faults.networkFailure, &state) {
            throw InstanceClaimError(.networkUnavailable, message: "no network")
        }
        if draw(faults.rateLimited, &state) {
            let seconds = Int64.random(in: 1...30, using: &state.random)
            throw InstanceClaimError(.rateLimited, message: "rate limited", retryAfter: .seconds(seconds))
        }
    }

    private func draw(_ probability: Double, _ state: inout State) -> Bool {
        guard probability > 0 else { return false }
        let hit = Double.random(in: 0..<1, using: &state.random) < probability
        if hit { state.faultsDrawn += 1 }
        return hit
    }
}
