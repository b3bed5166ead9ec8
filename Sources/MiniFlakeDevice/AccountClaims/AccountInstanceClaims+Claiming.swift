import Foundation
import MiniFlake
import MiniFlakeRegistry

/// The claim rules on values, without an issuer: what ``AccountInstanceClaims/claim(for:)`` runs,
/// and what the simulation drives directly.
extension AccountInstanceClaims {
    /// What a claim starts from.
    package struct ClaimRequest: Sendable {
        /// The store's signed-in account.
        package var account: RegistryName
        /// The installation claiming.
        package var installation: RegistryName
        /// The number it holds in `account` (registered), if any.
        package var heldInstance: Int?
        /// The number it offers first, if it holds none.
        package var provisionalInstance: Int?
        /// Its mark: every tick it issued is below it.
        package var markTick: Int64
        /// The layout of its identifiers.
        package var layout: FlakeLayout

        /// Makes a request.
        package init(
            account: RegistryName, installation: RegistryName, heldInstance: Int?, provisionalInstance: Int?,
            markTick: Int64, layout: FlakeLayout
        ) {
            self.account = account
            self.installation = installation
            self.heldInstance = heldInstance
            self.provisionalInstance = provisionalInstance
            self.markTick = markTick
            self.layout = layout
        }
    }

    /// Renews the held number or claims one, as ``claim(for:)`` describes.
    ///
    /// - Parameters:
    ///   - now: The device's clock, for the heartbeat.
    ///   - leaving: Called when the held number turns out to be another installation's, before
    ///     anything else is tried: stops issuing with it and answers the request to go on with
    ///     (the fresh provisional number and the mark after the move).
    package func claim(
        _ request: ClaimRequest, now: Int64,
        leaving: ((Int) async throws(InstanceClaimError) -> ClaimRequest)? = nil
    ) async throws(InstanceClaimError) -> InstanceRegistration {
        try await finishing { () async throws(InstanceClaimError) in
            try await preparingZone { () async throws(InstanceClaimError) in
                try await claimOnce(request, now: now, leaving: leaving)
            }
        }
    }

    /// Marks the record of `instance` released if `request`'s installation holds it.
    ///
    /// - Returns: Whether the record is released by this installation now.
    package func release(_ request: ClaimRequest, instance: Int, now: Int64) async throws(InstanceClaimError) -> Bool {
        try await finishing { () async throws(InstanceClaimError) in
            var current = try await store.fetch(InstanceClaimRecord.name(instance: instance))
            for _ in 0..<3 {
                guard let record = current, record.holder == request.installation.text else { return false }
                note(record)
                if record.released { return true }
                var next = record
                next.released = true
                next.markTick = max(record.markTick, request.markTick)
                next.heartbeatMilliseconds = now
                do throws(InstanceClaimError) {
                    note(try await replacing(next))
                    counts.releases += 1
                    return true
                } catch  where error.code == .recordChanged || error.code == .recordMissing {
                    current = error.serverRecord
                }
            }
            return false
        }
    }

    // MARK: The rules

    private func claimOnce(
        _ request: ClaimRequest, now: Int64, leaving: ((Int) async throws(InstanceClaimError) -> ClaimRequest)?
    ) async throws(InstanceClaimError) -> InstanceRegistration {
        var tried = Set<Int>()
        var request = request
        if let held = request.heldInstance {
            if let registration = try await renew(held, request, now: now) { return registration }
            counts.lost += 1
            tried.insert(held)
            // Taken: stop issuing with it before anything else can fail.
            if let leaving { request = try await leaving(held) }
        }
        var taken: [InstanceClaimRecord] = []
        let count = request.layout.instanceCount
        var next = request.provisionalInstance.flatMap { (0..<count).contains($0) && !tried.contains($0) ? $0 : nil }
        for _ in 0..<max(1, configuration.attempts) {
            guard let candidate = next ?? randomCandidate(count: count, excluding: tried) else { break }
            next = nil
            tried.insert(candidate)
            if let registration = try await take(candidate, request, now: now, taken: &taken) { return registration }
        }
        // Every number tried is held. Take over the longest-silent one, if the server's clock
        // (read by writing this installation's own scratch record) says it is silent long enough.
        if !taken.isEmpty {
            let serverClock = try await readServerClock(request, now: now)
            for record in taken.sorted(by: {
                ($0.modifiedMilliseconds ?? .max) < ($1.modifiedMilliseconds ?? .max)
            })
            where isSilent(record, serverClock: serverClock) {
                if let registration = try await reclaim(record, request, now: now) { return registration }
            }
        }
        throw InstanceClaimError(
            .noFreeInstance, message: "the \(tried.count) numbers tried are all held by live installations")
    }

    /// Rewrites the held number's record; `nil` when another installation holds it now.
    private func renew(_ instance: Int, _ request: ClaimRequest, now: Int64) async throws(InstanceClaimError)
        -> InstanceRegistration?
    {
        var current = try await store.fetch(InstanceClaimRecord.name(instance: instance))
        for _ in 0..<3 {
            guard let record = current else {
                // No record (the zone was deleted and made again, or a stale read): create it.
                do throws(InstanceClaimError) {
                    note(try await creating(draft(instance, request, now: now)))
                    counts.renewals += 1
                    return registration(instance, request, isNew: false, markTick: nil)
                } catch  where error.code == .recordExists {
                    current = error.serverRecord
                    continue
                }
            }
            note(record)
            guard record.holder == request.installation.text else { return nil }
            var next = record
            next.markTick = max(record.markTick, request.markTick)
            next.heartbeatMilliseconds = now
            next.released = false
            do throws(InstanceClaimError) {
                note(try await replacing(next))
                counts.renewals += 1
                return registration(instance, request, isNew: false, markTick: record.markTick)
            } catch  where error.code == .recordChanged || error.code == .recordMissing {
                current = error.serverRecord
            }
        }
        throw InstanceClaimError(
            .storeFailed, message: "the record of instance \(instance) kept changing while it was renewed")
    }

    /// Creates the record of `instance`; on "exists", takes it if it is this installation's,
    /// released, or silent long enough, and otherwise adds it to `taken`.
    private func take(
        _ instance: Int, _ request: ClaimRequest, now: Int64, taken: inout [InstanceClaimRecord]
    ) async throws(InstanceClaimError) -> InstanceRegistration? {
        let server: InstanceClaimRecord
        do throws(InstanceClaimError) {
            note(try await creating(draft(instance, request, now: now)))
            counts.claims += 1
            return registration(instance, request, isNew: true, markTick: nil)
        } catch  where error.code == .recordExists {
            // CloudKit may answer a duplicate create without the server's record: fetch it.
            var found = error.serverRecord
            if found == nil { found = try await store.fetch(InstanceClaimRecord.name(instance: instance)) }
            // Taken, by a holder this read cannot see yet: try another number.
            guard let record = found else { return nil }
            server = record
        }
        note(server)
        if server.holder == request.installation.text {
            // This installation's already: a create whose reply was lost, or an earlier claim.
            return try await renew(instance, request, now: now)
        }
        if server.released || isSilent(server, serverClock: serverNow) {
            return try await reclaim(server, request, now: now)
        }
        taken.append(server)
        return nil
    }

    /// Takes over another installation's record by compare-and-set; `nil` when another write got
    /// there first.
    private func reclaim(_ server: InstanceClaimRecord, _ request: ClaimRequest, now: Int64)
        async throws(InstanceClaimError) -> InstanceRegistration?
    {
        guard let instance = server.instance else { return nil }
        var next = server
        next.holder = request.installation.text
        next.markTick = max(server.markTick, request.markTick)
        next.heartbeatMilliseconds = now
        next.released = false
        do throws(InstanceClaimError) {
            note(try await replacing(next))
        } catch  where error.code == .recordChanged || error.code == .recordMissing {
            return nil
        }
        counts.claims += 1
        counts.reclaims += 1
        return registration(instance, request, isNew: true, markTick: server.markTick)
    }
}
