import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

/// The claim rules of `AccountInstanceClaims`, against `CloudKitModel`: a deterministic model of
/// CloudKit's documented behaviour, not CloudKit.
@Suite("Account claims: instance numbers claimed in the account's own store (a model of CloudKit)")
struct AccountClaimsTests {
    @Test("the provisional number is offered first; a taken one sends the next installation to the lower half")
    func provisionalFirst() async throws {
        let rig = try ClaimRig()
        let first = try await rig.claimer().claim(try rig.request("aaaa", provisional: 700), now: rig.now)
        #expect(first.instance == 700 && first.isNew && first.highestSeenID == nil)
        let second = try await rig.claimer().claim(try rig.request("bbbb", provisional: 700), now: rig.now)
        #expect(second.instance < 512 && second.isNew)
        #expect(rig.model.records["instance-700"]?.holder == "aaaa")
        #expect(rig.model.records[InstanceClaimRecord.name(instance: second.instance)]?.holder == "bbbb")
    }

    @Test("every reply lost: a create that exists with this installation is its own, and the renewal's repeat counts")
    func lostReplies() async throws {
        let rig = try ClaimRig(faults: .init(lostReply: 1))
        let claims = rig.claimer()
        let registration = try await claims.claim(try rig.request("aaaa", provisional: 600), now: rig.now)
        #expect(registration.instance == 600 && !registration.isNew)
        #expect(rig.model.records["instance-600"]?.holder == "aaaa")
        #expect(rig.model.records.count == 1)
        #expect(await claims.counts.retries == 2)
    }

    @Test("a renewal moves the record's server date and its mark; a holder taken over claims another number")
    func renewal() async throws {
        let rig = try ClaimRig()
        let claims = rig.claimer()
        _ = try await claims.claim(try rig.request("aaaa", provisional: 600, markTick: 5), now: rig.now)
        let before = try #require(rig.model.records["instance-600"]?.modifiedMilliseconds)
        rig.advance(days: 1)
        let renewed = try await claims.claim(try rig.request("aaaa", held: 600, markTick: 9), now: rig.now)
        #expect(renewed.instance == 600 && !renewed.isNew)
        let record = try #require(rig.model.records["instance-600"])
        #expect(record.modifiedMilliseconds == before + 86_400_000 && record.markTick == 9)
        #expect(await claims.counts.renewals == 1)
    }

    @Test("a silent holder keeps its number for 30 days by the server's clock, then loses it above its mark")
    func reclaimSilent() async throws {
        // Four numbers: 0 and 1 are the lower half, 2 and 3 provisional.
        let rig = try ClaimRig(instanceBits: 2)
        _ = try await rig.claimer().claim(try rig.request("aaaa", provisional: 0, markTick: 777), now: rig.now)
        let holderB = rig.claimer()
        _ = try await holderB.claim(try rig.request("bbbb", provisional: 1), now: rig.now)
        rig.advance(days: 10)
        await #expect {
            try await rig.claimer().claim(try rig.request("cccc", provisional: 0), now: rig.now)
        } throws: {
            ($0 as? InstanceClaimError)?.code == .noFreeInstance && ($0 as? InstanceClaimError)?.retryAfter != nil
        }
        rig.advance(days: 21)
        _ = try await holderB.claim(try rig.request("bbbb", held: 1), now: rig.now)  // b renews, a stays silent
        let claims = rig.claimer()
        let taken = try await claims.claim(try rig.request("cccc", provisional: 0), now: rig.now)
        #expect(taken.instance == 0 && taken.isNew)
        #expect(taken.highestSeenID.map { rig.layout.parts(of: $0).tick } == 776)
        #expect(await claims.counts.reclaims == 1)
        // a comes back: its number is gone, and every other is live.
        await #expect {
            try await rig.claimer().claim(try rig.request("aaaa", held: 0), now: rig.now)
        } throws: { ($0 as? InstanceClaimError)?.code == .noFreeInstance }
    }

    @Test("a released number is taken at once, above the mark it was released with")
    func releasedNumber() async throws {
        let rig = try ClaimRig()
        let holder = rig.claimer()
        _ = try await holder.claim(try rig.request("aaaa", provisional: 800, markTick: 50), now: rig.now)
        #expect(try await holder.release(try rig.request("aaaa", held: 800, markTick: 60), instance: 800, now: rig.now))
        #expect(rig.model.records["instance-800"]?.released == true)
        let next = try await rig.claimer().claim(try rig.request("bbbb", provisional: 800), now: rig.now)
        #expect(next.instance == 800 && next.highestSeenID.map { rig.layout.parts(of: $0).tick } == 59)
        // A release by an installation that no longer holds the number changes nothing.
        #expect(!(try await holder.release(try rig.request("aaaa", held: 800), instance: 800, now: rig.now)))
        #expect(rig.model.records["instance-800"]?.holder == "bbbb")
    }

    @Test("no network, no account, rate limiting, a changed account: the issuer stays provisional, with a delay")
    func failuresStayProvisional() async throws {
        let rig = try ClaimRig()
        let device = try DeviceRig()
        let issuer = try device.issuer()
        let store = ModelClaimStore(signedIn: rig.model)
        let claims = rig.claimer(store: store)
        store.online = false
        await #expect {
            try await claims.claim(for: issuer)
        } throws: {
            let error = $0 as? InstanceClaimError
            return error?.code == .networkUnavailable && error?.retryAfter == .seconds(300)
        }
        store.online = true
        store.signIn(nil)
        await #expect {
            try await claims.claim(for: issuer)
        } throws: { ($0 as? InstanceClaimError)?.code == .noAccount }
        #expect(issuer.needsRegistration && issuer.account == nil)

        // Rate limited on every call: the server's delay is handed on.
        let limited = CloudKitModel(
            account: try RegistryName("bob"), clock: rig.clock, seed: 1, faults: .init(rateLimited: 1))
        store.signIn(limited)
        await #expect {
            try await claims.claim(for: issuer)
        } throws: {
            let error = $0 as? InstanceClaimError
            return error?.code == .rateLimited && (error?.retryAfter ?? .zero) >= .seconds(1)
        }
        #expect(issuer.needsRegistration)

        // Bound to bob's store, then signed in to alice: the account changed; the next call binds.
        store.signIn(rig.model)
        try rig.model.prepare()
        let changed = AccountInstanceClaims(store: StoreBoundTo(store, after: limited), configuration: .init())
        await #expect {
            try await changed.claim(for: issuer)
        } throws: {
            ($0 as? InstanceClaimError)?.code == .accountChanged && ($0 as? InstanceClaimError)?.retryAfter == .zero
        }
        #expect(issuer.needsRegistration)

        let registration = try await claims.claim(for: issuer)
        #expect(!issuer.needsRegistration && issuer.account?.text == "alice")
        #expect(issuer.currentInstanceNumber == registration.instance)
    }

    @Test("a deleted zone is made again, and the holder's record with it")
    func deletedZone() async throws {
        let rig = try ClaimRig()
        let device = try DeviceRig()
        let issuer = try device.issuer()
        let claims = rig.claimer()
        let first = try await claims.claim(for: issuer)
        rig.model.deleteZone()
        let again = try await claims.claim(for: issuer)
        #expect(again.instance == first.instance)
        #expect(
            rig.model.records[InstanceClaimRecord.name(instance: first.instance)]?.holder == issuer.installation.text)
    }

    @Test("claim(for:) adopts: the number, the account, and a mark above the one stored with a released record")
    func adoptsAboveStoredMark() async throws {
        let rig = try ClaimRig()
        let device = try DeviceRig()
        let issuer = try device.issuer()
        let offered = try #require(issuer.provisionalInstance)
        try rig.model.prepare()
        let stored = issuer.markTick + 120_000  // two minutes ahead: within the issuer's lead
        _ = try rig.model.create(
            InstanceClaimRecord(
                name: InstanceClaimRecord.name(instance: offered), holder: "0123456789abcdef0123456789abcdef",
                markTick: stored, heartbeatMilliseconds: rig.now, released: true))
        let registration = try await rig.claimer().claim(for: issuer)
        #expect(registration.instance == offered)
        #expect(issuer.markTick >= stored && !issuer.needsRegistration)
        #expect(
            try await issuer.next()
                > (try FlakeLayout.miniFlake.compose(tick: stored - 1, sequence: 4095, instanceNumber: offered)))
    }
}

extension AccountClaimsTests {
    @Test("release(for:) releases the record and moves the issuer off the number; offline, it keeps it")
    func releaseForIssuer() async throws {
        let rig = try ClaimRig()
        let device = try DeviceRig()
        let issuer = try device.issuer()
        let store = ModelClaimStore(signedIn: rig.model)
        let claims = rig.claimer(store: store)
        let claimed = try await claims.claim(for: issuer)
        #expect(try await claims.release(for: issuer))
        #expect(rig.model.records[InstanceClaimRecord.name(instance: claimed.instance)]?.released == true)
        #expect(issuer.account == nil && issuer.needsRegistration)
        #expect(issuer.provisionalInstance != claimed.instance && issuer.provisionalInstance.map { $0 >= 512 } == true)

        let again = try await claims.claim(for: issuer)
        store.online = false
        #expect(!(try await claims.release(for: issuer)))
        #expect(issuer.needsRegistration && issuer.provisionalInstance == again.instance)
    }
}
