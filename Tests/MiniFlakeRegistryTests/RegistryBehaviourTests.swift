import MiniFlake
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

@Test(
    "a PostgreSQL server is given on CI (MINIFLAKE_TEST_POSTGRES_URL)",
    .enabled(if: PostgresTestEnvironment.url == nil && PostgresTestEnvironment.isCI))
func registryPostgresRequiredOnCI() {
    Issue.record(
        """
        CI=true but MINIFLAKE_TEST_POSTGRES_URL is not set: the PostgreSQL registry tests did not run. \
        Run them under scripts/with-postgres.sh, e.g. scripts/with-postgres.sh swift test --traits GRDB,Postgres
        """)
}

/// The behaviour every ``InstanceRegistry`` shares, run against SQLite and PostgreSQL.
@Suite("Instance registry")
struct RegistryBehaviourTests {
    @Test("the same pair gets the same number every time", arguments: Backend.available)
    func stableNumber(backend: Backend) async throws {
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        try await backend.withRegistry(settings: Fixture.settings(clock: clock)) { registry in
            let account = try Fixture.account()
            let first = try await registry.register(
                account: account, installation: Fixture.installation(1), provisionalInstance: nil)
            let second = try await registry.register(
                account: account, installation: Fixture.installation(2), provisionalInstance: nil)
            clock.advance(by: .milliseconds(1_000))
            let again = try await registry.register(
                account: account, installation: Fixture.installation(1), provisionalInstance: 900)
            #expect(first.instance == 0 && first.isNew && first.highestSeenID == nil)
            #expect(second.instance == 1 && second.isNew)
            #expect(again.instance == 0 && !again.isNew)
            #expect(try again.account == account && again.installation == Fixture.installation(1))
            let records = try await registry.installations(of: account)
            #expect(records.map(\.instance) == [0, 1])
            #expect(records[0].registeredAt.millisecondsSince1970 == Fixture.start)
            #expect(records[0].lastSeenAt.millisecondsSince1970 == Fixture.start + 1_000)
            #expect(records.allSatisfy { $0.isLive })
        }
    }

    @Test(
        "a provisional number is kept when free, and not when another installation holds it",
        arguments: Backend.available)
    func provisional(backend: Backend) async throws {
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        try await backend.withRegistry(settings: Fixture.settings(clock: clock)) { registry in
            let account = try Fixture.account()
            let kept = try await registry.register(
                account: account, installation: Fixture.installation(1), provisionalInstance: 700)
            let taken = try await registry.register(
                account: account, installation: Fixture.installation(2), provisionalInstance: 700)
            #expect(kept.instance == 700)
            #expect(taken.instance == 0)
            // A retired holder keeps its number from provisional claims too.
            #expect(try await registry.retire(account: account, installation: Fixture.installation(1)))
            let afterRetirement = try await registry.register(
                account: account, installation: Fixture.installation(3), provisionalInstance: 700)
            #expect(afterRetirement.instance == 1)
            #expect(try await registry.liveInstances(of: account) == [0, 1])
            for provisional in [1_024, -1] {
                let code = await Fixture.failure {
                    try await registry.register(
                        account: account, installation: Fixture.installation(4), provisionalInstance: provisional)
                }
                #expect(code == .instanceOutOfRange)
            }
        }
    }

    @Test("retire, then register again: the pair gets its number back", arguments: Backend.available)
    func retireAndReregister(backend: Backend) async throws {
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        try await backend.withRegistry(settings: Fixture.settings(clock: clock)) { registry in
            let account = try Fixture.account()
            let device = try Fixture.installation(1)
            _ = try await registry.register(
                account: account, installation: Fixture.installation(0), provisionalInstance: nil)
            let first = try await registry.register(account: account, installation: device, provisionalInstance: 600)
            clock.advance(by: .milliseconds(5))
            #expect(try await registry.retire(account: account, installation: device))
            #expect(try await registry.retire(account: account, installation: device) == false)
            #expect(try await registry.retire(account: account, installation: Fixture.installation(99)) == false)
            #expect(try await registry.liveInstances(of: account) == [0])
            let retired = try #require(
                try await registry.installations(of: account).first { $0.installation == device })
            #expect(retired.retiredAt?.millisecondsSince1970 == Fixture.start + 5)
            #expect(!retired.isLive)

            clock.advance(by: .milliseconds(5))
            let back = try await registry.register(account: account, installation: device, provisionalInstance: 800)
            #expect(back.instance == first.instance && back.instance == 600)
            #expect(back.isNew)
            let record = try #require(try await registry.installations(of: account).first { $0.installation == device })
            #expect(record.isLive)
            #expect(record.registeredAt.millisecondsSince1970 == Fixture.start)
            #expect(record.lastSeenAt.millisecondsSince1970 == Fixture.start + 10)
            #expect(try await registry.liveInstances(of: account) == [0, 600])
        }
    }

    @Test(
        "a retired number is reused only after the horizon, and only when no number is free",
        arguments: Backend.available)
    func reuseAfterHorizon(backend: Backend) async throws {
        let horizon: Int64 = 60_000
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        let settings = Fixture.settings(clock: clock, layout: Fixture.smallLayout, horizonMilliseconds: horizon)
        try await backend.withRegistry(settings: settings) { registry in
            let account = try Fixture.account()
            for index in 0..<7 {
                let registration = try await registry.register(
                    account: account, installation: Fixture.installation(index), provisionalInstance: nil)
                #expect(registration.instance == index)
            }
            #expect(try await registry.retire(account: account, installation: Fixture.installation(3)))
            clock.advance(by: .milliseconds(1))
            #expect(try await registry.retire(account: account, installation: Fixture.installation(5)))
            clock.advance(by: .milliseconds(horizon))
            // Number 7 is free: it goes first, though 3 and 5 have rested long enough.
            let free = try await registry.register(
                account: account, installation: Fixture.installation(7), provisionalInstance: nil)
            #expect(free.instance == 7)
            // Now the oldest retirement, 3, is past the horizon (by 1 ms), 5 exactly at it.
            let reused = try await registry.register(
                account: account, installation: Fixture.installation(8), provisionalInstance: 6)
            #expect(reused.instance == 3)
            let names = try await registry.installations(of: account).map(\.installation)
            #expect(!names.contains(try Fixture.installation(3)))
            let boundary = try await registry.register(
                account: account, installation: Fixture.installation(9), provisionalInstance: nil)
            #expect(boundary.instance == 5)
            let full = await Fixture.failure {
                try await registry.register(
                    account: account, installation: Fixture.installation(10), provisionalInstance: nil)
            }
            #expect(full == .noFreeInstance)
            // The forgotten installation comes back as a new one, and finds no number.
            let forgotten = await Fixture.failure {
                try await registry.register(
                    account: account, installation: Fixture.installation(3), provisionalInstance: nil)
            }
            #expect(forgotten == .noFreeInstance)
            #expect(try await registry.liveInstances(of: account) == Set(0..<8))
        }
    }

    @Test("a number retired within the horizon is not reused, to the millisecond", arguments: Backend.available)
    func horizonBoundary(backend: Backend) async throws {
        let horizon: Int64 = 10_000
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        let settings = Fixture.settings(clock: clock, layout: Fixture.smallLayout, horizonMilliseconds: horizon)
        try await backend.withRegistry(settings: settings) { registry in
            let account = try Fixture.account()
            for index in 0..<8 {
                _ = try await registry.register(
                    account: account, installation: Fixture.installation(index), provisionalInstance: nil)
            }
            #expect(try await registry.retire(account: account, installation: Fixture.installation(2)))
            clock.advance(by: .milliseconds(horizon - 1))
            let early = await Fixture.failure {
                try await registry.register(
                    account: account, installation: Fixture.installation(8), provisionalInstance: nil)
            }
            #expect(early == .noFreeInstance, "a number was reused 1 ms before the horizon")
            clock.advance(by: .milliseconds(1))
            let reused = try await registry.register(
                account: account, installation: Fixture.installation(8), provisionalInstance: nil)
            #expect(reused.instance == 2)
        }
    }

    @Test(
        "recordSeen raises the highest identifier seen, and a later registration answers it",
        arguments: Backend.available)
    func recordSeen(backend: Backend) async throws {
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        try await backend.withRegistry(settings: Fixture.settings(clock: clock)) { registry in
            let account = try Fixture.account()
            let device = try Fixture.installation(1)
            _ = try await registry.register(account: account, installation: device, provisionalInstance: nil)
            let high = try #require(FlakeID(rawValue: 9_000_000_000_000))
            let low = try #require(FlakeID(rawValue: 5))
            clock.advance(by: .milliseconds(100))
            try await registry.recordSeen(high, account: account, installation: device)
            clock.advance(by: .milliseconds(-50))
            try await registry.recordSeen(low, account: account, installation: device)
            try await registry.recordSeen(high, account: account, installation: Fixture.installation(2))
            let records = try await registry.installations(of: account)
            #expect(records.count == 1)
            #expect(records.first?.highestSeenID == high)
            #expect(records.first?.lastSeenAt.millisecondsSince1970 == Fixture.start + 100)
            let again = try await registry.register(account: account, installation: device, provisionalInstance: nil)
            #expect(again.highestSeenID == high)
            // Retirement keeps it, so the device gets it back when it signs in again.
            #expect(try await registry.retire(account: account, installation: device))
            let back = try await registry.register(account: account, installation: device, provisionalInstance: nil)
            #expect(back.highestSeenID == high && back.isNew)
        }
    }

    @Test("accounts are independent", arguments: Backend.available)
    func independentAccounts(backend: Backend) async throws {
        let clock = ManualFlakeClock(millisecondsSince1970: Fixture.start)
        let settings = Fixture.settings(clock: clock, layout: Fixture.smallLayout)
        try await backend.withRegistry(settings: settings) { registry in
            let (alice, bob) = (try Fixture.account("alice"), try Fixture.account("bob"))
            for index in 0..<8 {
                _ = try await registry.register(
                    account: alice, installation: Fixture.installation(index), provisionalInstance: nil)
            }
            let bobs = try await registry.register(
                account: bob, installation: Fixture.installation(0), provisionalInstance: 5)
            #expect(bobs.instance == 5 && bobs.isNew)
            #expect(try await registry.retire(account: bob, installation: Fixture.installation(0)))
            #expect(try await registry.liveInstances(of: alice) == Set(0..<8))
            #expect(try await registry.liveInstances(of: bob) == [])
            #expect(try await registry.installations(of: bob).count == 1)
            #expect(try await registry.installations(of: Fixture.account("nobody")).isEmpty)
        }
    }
}
