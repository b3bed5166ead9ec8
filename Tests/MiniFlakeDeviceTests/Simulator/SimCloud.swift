import MiniFlake
import MiniFlakeDevice

/// The account's claim records on the server, as the simulation's adversary keeps them: names
/// unique, replace a compare-and-set, modification dates by the server's clock (the world's
/// time), a previous version that a read may still show, a zone the user may delete. It keeps
/// the history the checker needs: who held each number when, and when each installation's
/// claimers heard from the server. It also checks one invariant itself, on every save: a record changes holder
/// only when it was released or silent for the reclaim time.
final class SimCloud: Sendable {
    /// A holder of a number from a time on.
    struct Holding: Sendable, Hashable {
        let time: Int64
        let holder: String?
        let released: Bool
        let markTick: Int64
        /// Why the holder changed: `create`, `reclaim-silent`, `reclaim-released`, `renew`, `release`, `zone-deleted`.
        let reason: String
    }

    private struct State: Sendable {
        var records: [String: InstanceClaimRecord] = [:]
        var previous: [String: InstanceClaimRecord] = [:]
        var nextTag = 1
        var history: [Int: [Holding]] = [:]
        var heard: [String: [(time: Int64, step: Int, process: Int)]] = [:]
        var violations: [String] = []
    }

    let account: RegistryName
    let reclaimAfterMilliseconds: Int64

    /// Who makes a call: a process, and its installation at the time.
    struct Caller: Sendable {
        let process: Int
        let installation: String
    }
    private let now: @Sendable () -> Int64
    /// The simulation's step now.
    private let step: @Sendable () -> Int
    private let state = LockedValue(State())

    init(
        account: RegistryName, reclaimAfterMilliseconds: Int64, now: @escaping @Sendable () -> Int64,
        step: @escaping @Sendable () -> Int
    ) {
        self.account = account
        self.reclaimAfterMilliseconds = reclaimAfterMilliseconds
        self.now = now
        self.step = step
    }

    /// Invariant breaches the server saw.
    var violations: [String] { state.withLock { $0.violations } }

    /// The records on the server now.
    var records: [String: InstanceClaimRecord] { state.withLock { $0.records } }

    /// Who held `instance` from which time on, oldest first.
    func history(of instance: Int) -> [Holding] { state.withLock { $0.history[instance] ?? [] } }

    /// The first time after `time` that a claimer of `installation` had an answer about the
    /// record `name` from the server, and the process it was, if it has.
    func heard(installation: String, about name: String, after time: Int64) -> (time: Int64, step: Int, process: Int)? {
        state.withLock { $0.heard[installation + " " + name]?.first { $0.time > time } }
    }

    /// Deletes every record, as the user deleting the app's iCloud data does.
    func deleteZone() {
        state.withLock { state in
            for (name, _) in state.records {
                guard
                    let instance = InstanceClaimRecord(name: name, holder: "", markTick: 0, heartbeatMilliseconds: 0)
                        .instance
                else { continue }
                state.history[instance, default: []].append(
                    Holding(time: now(), holder: nil, released: false, markTick: 0, reason: "zone-deleted"))
            }
            state.records = [:]
            state.previous = [:]
        }
    }

    // MARK: The calls, each atomic, with the fault the simulation drew

    func fetch(_ name: String, caller: Caller, fault: SimFault) throws(InstanceClaimError) -> InstanceClaimRecord? {
        try state.withLock { state throws(InstanceClaimError) in
            try refuse(fault, saving: false, caller: caller, name: name, &state)
            if fault == .staleRead, let previous = state.previous[name] { return previous }
            return state.records[name]
        }
    }

    func create(_ record: InstanceClaimRecord, caller: Caller, fault: SimFault) throws(InstanceClaimError)
        -> InstanceClaimRecord
    {
        try state.withLock { state throws(InstanceClaimError) in
            try refuse(fault, saving: true, caller: caller, name: record.name, &state)
            if let server = state.records[record.name] {
                throw InstanceClaimError(
                    .recordExists, message: "\(record.name) exists",
                    serverRecord: fault == .omittedServerRecord ? nil : server)
            }
            return try save(record, previous: nil, fault: fault, &state)
        }
    }

    func replace(_ record: InstanceClaimRecord, caller: Caller, fault: SimFault) throws(InstanceClaimError)
        -> InstanceClaimRecord
    {
        try state.withLock { state throws(InstanceClaimError) in
            try refuse(fault, saving: true, caller: caller, name: record.name, &state)
            guard let server = state.records[record.name] else {
                throw InstanceClaimError(.recordMissing, message: "no record \(record.name)")
            }
            guard server.changeTag == record.changeTag else {
                throw InstanceClaimError(.recordChanged, message: "\(record.name) changed", serverRecord: server)
            }
            return try save(record, previous: server, fault: fault, &state)
        }
    }

    /// Throws for a call that does not reach the server; notes the caller heard from it otherwise.
    private func refuse(
        _ fault: SimFault, saving: Bool, caller: Caller, name: String, _ state: inout State
    )
        throws(InstanceClaimError)
    {
        switch fault {
        case .unreachable: throw InstanceClaimError(.networkUnavailable, message: "no network")
        case .lostReply where !saving: throw InstanceClaimError(.networkUnavailable, message: "the reply was lost")
        case .rateLimited(let seconds):
            throw InstanceClaimError(.rateLimited, message: "rate limited", retryAfter: .seconds(seconds))
        default:
            if fault != .lostReply {
                state.heard[caller.installation + " " + name, default: []].append((now(), step(), caller.process))
            }
        }
    }

    private func save(
        _ record: InstanceClaimRecord, previous: InstanceClaimRecord?, fault: SimFault, _ state: inout State
    ) throws(InstanceClaimError) -> InstanceClaimRecord {
        let time = now()
        var saved = record
        saved.changeTag = "tag-\(state.nextTag)"
        state.nextTag += 1
        saved.modifiedMilliseconds = time
        if let previous { state.previous[record.name] = previous }
        state.records[record.name] = saved
        if let instance = record.instance {
            let reason: String
            if let previous, previous.holder != record.holder {
                let silence = time - (previous.modifiedMilliseconds ?? time)
                if !previous.released && silence < reclaimAfterMilliseconds {
                    state.violations.append(
                        "\(record.name) taken from \(previous.holder) after \(silence) ms of silence, released \(previous.released)"
                    )
                }
                reason = previous.released ? "reclaim-released" : "reclaim-silent"
            } else {
                reason = previous == nil ? "create" : record.released ? "release" : "renew"
            }
            state.history[instance, default: []].append(
                Holding(
                    time: time, holder: record.holder, released: record.released, markTick: record.markTick,
                    reason: reason))
        }
        if fault == .lostReply {
            throw InstanceClaimError(.unknownOutcome, message: "the reply to saving \(record.name) was lost")
        }
        return saved
    }
}

/// One process's view of the ``SimCloud``: every call parks in the ``SimScheduler`` until the
/// simulation lets it through, with a fault.
struct SimCloudStore: InstanceClaimStore {
    let cloud: SimCloud
    let scheduler: SimScheduler
    let process: Int
    /// The calling process's installation now.
    let installation: @Sendable () -> String

    func account() async throws(InstanceClaimError) -> RegistryName {
        let fault = await scheduler.park(process: process, label: "account")
        if fault == .unreachable || fault == .lostReply {
            throw InstanceClaimError(.networkUnavailable, message: "no network")
        }
        return cloud.account
    }

    func prepare() async throws(InstanceClaimError) {
        _ = await scheduler.park(process: process, label: "prepare")
    }

    private var caller: SimCloud.Caller { SimCloud.Caller(process: process, installation: installation()) }

    func fetch(_ name: String) async throws(InstanceClaimError) -> InstanceClaimRecord? {
        let fault = await scheduler.park(process: process, label: "fetch \(name)")
        return try cloud.fetch(name, caller: caller, fault: fault)
    }

    func create(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        let fault = await scheduler.park(process: process, label: "create \(record.name)")
        return try cloud.create(record, caller: caller, fault: fault)
    }

    func replace(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        let fault = await scheduler.park(process: process, label: "replace \(record.name)")
        return try cloud.replace(record, caller: caller, fault: fault)
    }
}
