// The articles' examples of the issuing API (`FlakeIssuer`, `try await issuer.next()`,
// `LeasedFlakeIssuer`), as they appear there.
import MiniFlake
import MiniFlakeLease
import MiniFlakeTestSupport
import Testing

// Getting started: issue from async code.

func newNoteID(from issuer: some FlakeIssuer) async throws -> FlakeID {
    try await issuer.next()  // waits at most 1 s by default
}

func newNoteIDs(from issuer: some FlakeIssuer) async throws -> FlakeIDBatch {
    try await issuer.next(count: 100, waitingAtMost: .milliseconds(250))
}

// What the generator does when time misbehaves: waiting without blocking.

func idOrNilWhenBusy(_ issuer: some FlakeIssuer) async throws -> FlakeID? {
    do {
        return try await issuer.next(waitingAtMost: .milliseconds(250))
    } catch {
        guard error.isRetryable else { throw error }
        return nil  // still ahead of the clock, or no lease, after 250 ms: shed the load
    }
}

@Suite("Documentation: async issuing and leases")
struct IssuingExamples {
    @Test("Getting started: await issuer.next()")
    func asyncIssuing() async throws {
        let maker = try FlakeMaker(instance: 9)
        let id = try await newNoteID(from: maker)
        let batch = try await newNoteIDs(from: maker)
        let another = try await idOrNilWhenBusy(maker)
        #expect(batch.count == 100)
        #expect(batch.first.map { $0 > id } == true)
        #expect(another.map { $0 > batch.last! } == true)
    }

    @Test("A busy generator sheds load instead of blocking")
    func shedsLoad() async throws {
        let time = ManualFlakeClock(millisecondsSince1970: 1_750_000_000_000)
        let maker = try FlakeMaker(instance: 1, clock: time.flakeClock, maximumLead: .milliseconds(1))
        _ = try maker.nextImmediately(count: maker.maximumBatchCount)
        let asking = Task { try await idOrNilWhenBusy(maker) }
        await time.waitForSleepers()
        time.advanceElapsedOnly(by: .milliseconds(300))  // 300 ms pass, the generator stays ahead
        #expect(try await asking.value == nil)
    }

    @Test("Choosing instance numbers: a file lease")
    func fileLease() async throws {
        // The article's backend, in a temporary directory instead of the default one.
        let directory = try TemporaryDirectory(prefix: "miniflake-doc-lease")
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path)

        let issuer = try await LeasedFlakeIssuer(backend: backend)
        let renewing = Task { try await issuer.run() }
        // The article's `next()` waits at most 1 s; here up to two minutes, since the whole suite
        // on two cores has starved the renewal loop past the 10 s lease (a CI run of 2026-11-28).
        let id = try await issuer.next(waitingAtMost: .seconds(120))
        let held = try #require(issuer.currentInstanceNumber)
        issuer.shutdown()
        try await renewing.value

        // The ID carries the leased number; the lease file now says it is free, with the ID's
        // tick kept as its high-water mark.
        #expect(issuer.layout.parts(of: id).instanceNumber == held)
        let record = try #require(try await backend.list().first { $0.instanceNumber == held })
        #expect(!record.isHeld)
        #expect(try #require(record.highWaterTick) >= issuer.layout.parts(of: id).tick)
    }

    @Test("How leases work: watching a lease")
    func watchingALease() async throws {
        let directory = try TemporaryDirectory(prefix: "miniflake-doc-lease")
        defer { directory.remove() }
        let seen = LockedValue<[String]>([])
        let configuration = LeasedFlakeIssuer.Configuration(onEvent: { event in
            print("lease:", event)
            seen.withLock { $0.append("\(event)") }
        })
        let issuer = try await LeasedFlakeIssuer(
            backend: try FileInstanceLeaseBackend(directory: directory.path), configuration: configuration)
        await issuer.release()

        // The article's handler saw the claim and then the release, in that order.
        let events = seen.withLock { $0 }
        #expect(events.count == 2)
        #expect(events.first?.contains("claimed") == true && events.last?.contains("released") == true)
    }
}

#if Postgres
    import MiniFlakePostgres

    /// The MiniFlakePostgres landing page's example. Compiled, not run: it needs the database.
    func leaseFromPostgres() async throws -> FlakeID {
        let id = try await PostgresInstanceLeaseBackend.withBackend(
            url: "postgres://miniflake:secret@db.internal:5432/ids?sslmode=require"
        ) { backend in
            let issuer = try await LeasedFlakeIssuer(backend: backend)
            let renewing = Task { try await issuer.run() }
            let id = try await issuer.next()
            issuer.shutdown()
            try await renewing.value
            return id
        }
        return id
    }
#endif

#if Server
    import MiniFlakeServer

    /// "Running the HTTP service": in a program of your own. Compiled, never run.
    func serveWithALease() async throws {
        let issuer = try await LeasedFlakeIssuer(backend: try FileInstanceLeaseBackend())
        try await FlakeServer.run(
            configuration: FlakeServerConfiguration(issuer: issuer), host: "127.0.0.1", port: 8080,
            services: [FlakeLeaseService(issuer: issuer)])
    }
#endif
