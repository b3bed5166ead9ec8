#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// The lease across a failover of PostgreSQL: a real primary, a real asynchronous streaming
    /// replica (`pg_basebackup -R`) that stops receiving, the primary stopped, the replica
    /// promoted; two holders issuing through the public API, with a 2 s lease renewed every
    /// 500 ms and a 400 ms safety margin.
    @Suite("PostgreSQL failover", .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresFailoverTests {
        /// IDs one holder issued, each with when it was issued.
        final class Issued: Sendable {
            private let entries = LockedValue<[(id: FlakeID, at: ContinuousClock.Instant)]>([])
            func append(_ id: FlakeID) { entries.withLock { $0.append((id, .now)) } }
            var all: [(id: FlakeID, at: ContinuousClock.Instant)] { entries.withLock { $0 } }
        }

        /// Issues one ID at a time, as fast as the issuer allows with a short pause, until
        /// cancelled.
        static func issue(with issuer: LeasedFlakeIssuer, into issued: Issued) -> Task<Void, Never> {
            Task {
                while !Task.isCancelled {
                    if let id = try? issuer.nextImmediately() { issued.append(id) }
                    try? await Task.sleep(for: .microseconds(200))
                }
            }
        }

        static func configuration(_ events: EventLog) -> LeasedFlakeIssuer.Configuration {
            LeasedFlakeIssuer.Configuration(
                renewalInterval: .milliseconds(500), safetyMargin: .milliseconds(400),
                retryInterval: .milliseconds(100), checkInterval: .milliseconds(100), onEvent: events.record)
        }

        /// Opens an issuer and answers when its successful attempt began, and whether an attempt
        /// failed before it. A busy machine can let a request outlast the 2 s lease's request
        /// timeout (0.67 s), so a failed attempt is tried again, as a process would retry its start.
        static func open(
            _ backend: PostgresInstanceLeaseBackend, _ events: EventLog
        ) async throws -> (issuer: LeasedFlakeIssuer, start: ContinuousClock.Instant, retried: Bool) {
            var attempt = 0
            while true {
                let start = ContinuousClock.now
                let opened: Result<LeasedFlakeIssuer, LeaseBackendError>
                do {
                    opened = .success(
                        try await LeasedFlakeIssuer(backend: backend, configuration: configuration(events)))
                } catch {
                    opened = .failure(error)
                }
                switch opened {
                case .success(let issuer):
                    return (issuer, start, attempt > 0)
                case .failure(let error):
                    if error.code == .lost || attempt >= 30 { throw error }
                }
                attempt += 1
                try await Task.sleep(for: .milliseconds(200))
            }
        }

        static func renewals(_ events: EventLog) -> Int {
            events.all.filter { if case .renewed = $0 { true } else { false } }.count
        }

        @Test(
            "a holder on the promoted replica waits until the holder the failover forgot has stopped: no duplicate, never two holders of one number at once"
        )
        func takeoverAfterFailover() async throws {
            try await ReplicaPair.with { pair in
                let issuedByA = Issued()
                let issuedByB = Issued()
                let eventsA = EventLog()
                let eventsB = EventLog()
                try await ReplicaPair.withClient(pair.primaryURL) { primary in
                    // The table first, with a minute per request: the 2 s lease's 0.67 s request
                    // timeout is for renewals, and a loaded CI machine's first DDL can outlast it.
                    try await PostgresInstanceLeaseBackend(
                        client: primary, leaseDuration: .seconds(180), requestTimeout: .seconds(60)
                    ).migrate()
                    // 1. A leases number 9 on the primary and issues; the replica receives all of it.
                    let backendA = try PostgresInstanceLeaseBackend(
                        client: primary, leaseDuration: .seconds(2), instanceNumbers: 9...9, holder: "A")
                    let (a, _, _) = try await Self.open(backendA, eventsA)
                    let runningA = Task { try await a.run() }
                    let issuingA = Self.issue(with: a, into: issuedByA)
                    defer {
                        issuingA.cancel()
                        a.shutdown()
                    }
                    let holderA = try #require(a.heldLease?.holder)
                    try await Task.sleep(for: .milliseconds(600))
                    try await pair.caughtUp()

                    // 2. The replica stops receiving WAL; A renews 6 more times on the primary.
                    try await pair.detach()
                    let before = Self.renewals(eventsA)
                    #expect(await poll(upTo: .seconds(10)) { Self.renewals(eventsA) >= before + 6 })
                    let sixthRenewalSeen = ContinuousClock.now

                    // 3. The primary stops; the replica is promoted. Its table shows A's lease as
                    //    the replica last received it: expired by now.
                    try await pair.stopPrimary()
                    try await pair.promote()
                    let promotedAt = ContinuousClock.now

                    try await ReplicaPair.withClient(pair.replicaURL) { replica in
                        // 4. B asks for number 9 on the promoted replica.
                        let backendB = try PostgresInstanceLeaseBackend(
                            client: replica, leaseDuration: .seconds(2), instanceNumbers: 9...9, holder: "B")
                        // (Listed through a backend with the default 5 s request timeout.)
                        let lister = try PostgresInstanceLeaseBackend(client: replica, instanceNumbers: 9...9)
                        let record = try #require(try await lister.list().first)
                        #expect(record.holder == holderA)
                        #expect(!record.isHeld)
                        let (b, claimStart, retried) = try await Self.open(backendB, eventsB)
                        let claimEnd = ContinuousClock.now
                        let runningB = Task { try await b.run() }
                        let issuingB = Self.issue(with: b, into: issuedByB)
                        // 5. A issues on as its own deadline allows; B issues for a second.
                        try await Task.sleep(for: .seconds(1))
                        issuingB.cancel()
                        b.shutdown()
                        try await runningB.value

                        let layout = FlakeLayout.miniFlake
                        let aIDs = issuedByA.all
                        let bIDs = issuedByB.all
                        let duplicates =
                            aIDs.count + bIDs.count - Set(aIDs.map(\.id)).union(bIDs.map(\.id)).count
                        let lastOfA = try #require(aIDs.last)
                        let firstOfB = try #require(bIDs.first)
                        let milliseconds = { (duration: Duration) in duration.milliseconds() }
                        print(
                            """
                            failover: A renewed \(Self.renewals(eventsA) - before) times after the replica stopped \
                            receiving; the takeover waited \(milliseconds(claimEnd - claimStart)) ms \
                            (B's claim began \(milliseconds(claimStart - promotedAt)) ms after the promotion); \
                            A's last ID came \(milliseconds(lastOfA.at - promotedAt)) ms after the promotion \
                            (\(milliseconds(lastOfA.at - sixthRenewalSeen)) ms after its sixth renewal was seen), \
                            B's first \(milliseconds(firstOfB.at - promotedAt)) ms after it; \
                            A issued \(aIDs.count) IDs, B \(bIDs.count); duplicates: \(duplicates)
                            """)
                        #expect(duplicates == 0)
                        #expect(lastOfA.at < firstOfB.at, "A and B issued with number 9 at once")
                        #expect(aIDs.allSatisfy { layout.parts(of: $0.id).instanceNumber == 9 })
                        #expect(bIDs.allSatisfy { layout.parts(of: $0.id).instanceNumber == 9 })
                        #expect(firstOfB.id > aIDs.map(\.id).max() ?? firstOfB.id)
                        // The takeover waits a lease duration plus the 1 s maximum lead. An attempt
                        // that gave up during its wait handed the number back with the takeover's
                        // floor as its mark, so a retry is a clean claim, issuing at once above
                        // every tick A could reach: the checks above hold for it all the same.
                        if !retried { #expect(claimEnd - claimStart >= .seconds(3)) }
                        #expect(
                            eventsB.contains {
                                if case .claimed(let lease) = $0 { lease.instanceNumber == 9 } else { false }
                            })

                        // A number whose row the failover may have lost altogether (made again here,
                        // never held, on the new timeline) is a takeover too; once released on this
                        // timeline it is handed back cleanly.
                        let other = try PostgresInstanceLeaseBackend(
                            client: replica, leaseDuration: .seconds(2), instanceNumbers: 10...10, holder: "C")
                        let fresh = try await other.claim()
                        #expect(fresh.isTakeover)
                        try await other.release(fresh, highWaterTick: nil)
                        #expect(!(try await other.claim().isTakeover))
                    }
                    runningA.cancel()
                }
            }
        }
    }
#endif
