import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport

/// An account's model of CloudKit (not CloudKit), a clock, and claimers for installations that
/// the test names, for the claim rules' tests on values.
final class ClaimRig: Sendable {
    let clock = ManualFlakeClock(millisecondsSince1970: 1_760_000_000_000)
    let model: CloudKitModel
    let layout: FlakeLayout
    let random: LockedValue<SeededGenerator>

    init(instanceBits: Int = 10, seed: UInt64 = 39, faults: CloudKitModel.Faults = .init()) throws {
        model = CloudKitModel(account: try RegistryName("alice"), clock: clock, seed: seed, faults: faults)
        layout = try FlakeLayout(
            name: "claims", timestampBits: 41, sequenceBits: 12, instanceBits: instanceBits,
            fieldOrder: .timestampSequenceInstance,
            epochMillisecondsSince1970: FlakeLayout.miniFlake.epochMillisecondsSince1970)
        random = LockedValue(SeededGenerator(seed: seed ^ 0xC1A1))
    }

    /// A claimer on a store signed in to the rig's account, with seeded draws.
    func claimer(store: ModelClaimStore? = nil, reclaimAfterDays: Int64 = 30) -> AccountInstanceClaims {
        AccountInstanceClaims(
            store: store ?? ModelClaimStore(signedIn: model),
            configuration: .init(
                reclaimAfter: .seconds(reclaimAfterDays * 86_400),
                randomBits: { [random] in random.withLock { $0.next() } }))
    }

    /// A request for an installation named `name`.
    func request(_ name: String, held: Int? = nil, provisional: Int? = nil, markTick: Int64 = 1_000)
        throws -> AccountInstanceClaims.ClaimRequest
    {
        AccountInstanceClaims.ClaimRequest(
            account: model.account, installation: try RegistryName(name), heldInstance: held,
            provisionalInstance: provisional, markTick: markTick, layout: layout)
    }

    var now: Int64 { clock.millisecondsSince1970 }

    func advance(days: Int64) { clock.advance(by: .seconds(days * 86_400)) }
}
