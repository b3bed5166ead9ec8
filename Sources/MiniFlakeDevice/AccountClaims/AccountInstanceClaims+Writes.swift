import Foundation
import MiniFlake
import MiniFlakeRegistry

/// The store calls under the claim rules: lost replies, the zone, the server's clock, and the
/// errors a caller sees.
extension AccountInstanceClaims {
    /// Creates a record; a lost reply is repeated once (the repeat answers "exists" with this
    /// installation's record when the first was saved, which the caller takes as its own).
    func creating(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        do throws(InstanceClaimError) {
            return try await store.create(record)
        } catch  where error.code == .unknownOutcome {
            counts.retries += 1
            return try await store.create(record)
        }
    }

    /// Replaces a record; a lost reply is repeated once, and a repeat that finds the server's
    /// record already as it was to be written counts as saved.
    func replacing(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        do throws(InstanceClaimError) {
            return try await store.replace(record)
        } catch  where error.code == .unknownOutcome {
            counts.retries += 1
            do throws(InstanceClaimError) {
                return try await store.replace(record)
            } catch  where error.code == .recordChanged {
                guard let server = error.serverRecord, server.holder == record.holder,
                    server.markTick == record.markTick, server.released == record.released,
                    server.heartbeatMilliseconds == record.heartbeatMilliseconds
                else { throw error }
                return server
            }
        }
    }

    /// Runs `body`; when the zone is missing, makes it and runs `body` once more.
    func preparingZone<T>(_ body: () async throws(InstanceClaimError) -> T) async throws(InstanceClaimError) -> T {
        do throws(InstanceClaimError) {
            return try await body()
        } catch  where error.code == .zoneMissing {
            try await store.prepare()
            return try await body()
        }
    }

    /// Runs `body`, and gives what it throws a retry delay: the server's, none for a changed
    /// account (try again at once), the configuration's otherwise. A store's own answers that
    /// escape (`record_exists`…) become `store_failed`.
    func finishing<T>(_ body: () async throws(InstanceClaimError) -> T) async throws(InstanceClaimError) -> T {
        do throws(InstanceClaimError) {
            return try await body()
        } catch {
            counts.failures += 1
            counts.retries += 1
            var failure = error
            if [.recordExists, .recordChanged, .recordMissing].contains(error.code) {
                failure = InstanceClaimError(.storeFailed, message: error.description)
            }
            if failure.code == .accountChanged {
                failure.retryAfter = .zero
            } else if failure.retryAfter == nil {
                failure.retryAfter = configuration.retryAfter
            }
            throw failure
        }
    }

    /// Notes a record the server answered with: its modification date is a lower bound on the
    /// server's clock.
    func note(_ record: InstanceClaimRecord) {
        guard let modified = record.modifiedMilliseconds else { return }
        if serverNow.map({ modified > $0 }) ?? true { serverNow = modified }
    }

    /// Whether a record went unwritten for ``Configuration/reclaimAfter`` by the server's clock.
    func isSilent(_ record: InstanceClaimRecord, serverClock: Int64?) -> Bool {
        guard let serverClock, let modified = record.modifiedMilliseconds else { return false }
        let (silence, overflow) = serverClock.subtractingReportingOverflow(modified)
        return !overflow && silence >= configuration.reclaimAfter.milliseconds()
    }

    /// The server's clock now, read by writing this installation's scratch record
    /// (`clock-INSTALLATION`) and reading its modification date.
    func readServerClock(_ request: ClaimRequest, now: Int64) async throws(InstanceClaimError) -> Int64? {
        let name = "clock-\(request.installation.text)"
        var current = try await store.fetch(name)
        for _ in 0..<3 {
            do throws(InstanceClaimError) {
                let saved: InstanceClaimRecord
                if var record = current {
                    record.heartbeatMilliseconds = now
                    saved = try await replacing(record)
                } else {
                    saved = try await creating(
                        InstanceClaimRecord(
                            name: name, holder: request.installation.text, markTick: 0, heartbeatMilliseconds: now,
                            released: true))
                }
                note(saved)
                return saved.modifiedMilliseconds
            } catch  where [.recordExists, .recordChanged, .recordMissing].contains(error.code) {
                current = error.serverRecord
            }
        }
        return serverNow
    }

    /// A record claiming `instance` for `request`'s installation.
    func draft(_ instance: Int, _ request: ClaimRequest, now: Int64) -> InstanceClaimRecord {
        InstanceClaimRecord(
            name: InstanceClaimRecord.name(instance: instance), holder: request.installation.text,
            markTick: request.markTick, heartbeatMilliseconds: now)
    }

    /// The registration the issuer adopts: its highest seen ID is just below `markTick`, so that
    /// `adopt(_:)` raises the issuer's mark to it.
    func registration(_ instance: Int, _ request: ClaimRequest, isNew: Bool, markTick: Int64?) -> InstanceRegistration {
        let layout = request.layout
        let seen = markTick.flatMap { mark -> FlakeID? in
            guard mark > 0 else { return nil }
            return try? layout.compose(
                tick: min(mark - 1, layout.maximumTick), sequence: layout.maximumSequence, instanceNumber: instance)
        }
        return InstanceRegistration(
            account: request.account, installation: request.installation, instance: instance, isNew: isNew,
            highestSeenID: seen)
    }

    /// A number from the lower half of the range that was not tried yet, or `nil` when all were.
    func randomCandidate(count: Int, excluding tried: Set<Int>) -> Int? {
        let half = max(1, count / 2)
        for _ in 0..<64 {
            let candidate = Int(configuration.randomBits() % UInt64(half))
            if !tried.contains(candidate) { return candidate }
        }
        return (0..<half).first { !tried.contains($0) }
    }

    /// Whether the issuer's state has the registration already (a renewal that raises nothing),
    /// so that adopting it again would only rewrite the state file.
    static func isAdopted(_ registration: InstanceRegistration, by state: DeviceState, layout: FlakeLayout) -> Bool {
        guard state.registered, state.account == registration.account.text,
            state.installation == registration.installation.text, state.instance == registration.instance
        else { return false }
        guard let seen = registration.highestSeenID else { return true }
        return layout.parts(of: seen).tick < state.markTick
    }
}
