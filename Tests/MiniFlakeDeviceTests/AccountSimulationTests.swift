import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport
import Testing

/// Accounts of 2 to 8 devices living through offline periods, first launches at one moment,
/// sign-out and back in, a backup restored onto a new device and a device lost for a year, each
/// device with a real `DeviceFlakeIssuer` on a state directory of its own, claiming through
/// `AccountInstanceClaims` against `CloudKitModel` (a seeded model of CloudKit's documented
/// behaviour, not CloudKit) and resolving collisions with `FlakeIDCollision`. Fixed seeds: a
/// failure repeats.
@Suite("Simulation: iCloud accounts without a server (a model of CloudKit, not CloudKit)")
struct AccountSimulationTests {
    @Test("1,000 accounts, MiniFlake's layout: claims settle apart, every collision is found and re-keyed alike")
    func thousandAccounts() async throws {
        let figures = try await simulate(accounts: 1_000, layout: .miniFlake, seed: 39)
        print("Simulation, 1,000 accounts, MiniFlake's layout (seed 39):\n\(figures.summary)")
        #expect(figures.accounts == 1_000 && figures.collidingIDs > 0 && figures.rekeyed > 0)
    }

    @Test("100 accounts with 16 instance numbers: numbers run out, silent holders are reclaimed")
    func sixteenNumbers() async throws {
        let layout = try FlakeLayout(
            name: "sixteen", timestampBits: 41, sequenceBits: 12, instanceBits: 4,
            fieldOrder: .timestampSequenceInstance,
            epochMillisecondsSince1970: FlakeLayout.miniFlake.epochMillisecondsSince1970)
        let figures = try await simulate(accounts: 100, layout: layout, seed: 16)
        print("Simulation, 100 accounts, 16 instance numbers (seed 16):\n\(figures.summary)")
        #expect(figures.accounts == 100 && figures.collidingIDs > 0 && figures.reclaims > 0)
    }

    private func simulate(accounts: Int, layout: FlakeLayout, seed: UInt64) async throws -> SimulationFigures {
        // Accounts are independent, each with its own seed, clock and model: four at a time, so
        // that one waiting on a state file's thread leaves the cores to another.
        var seeds = SeededGenerator(seed: seed)
        let accountSeeds = (0..<accounts).map { _ in seeds.next() }
        return try await withThrowingTaskGroup(of: SimulationFigures.self) { group in
            var total = SimulationFigures()
            var next = 0
            func start() {
                guard next < accounts else { return }
                let (index, accountSeed) = (next, accountSeeds[next])
                next += 1
                group.addTask {
                    let account = try SimulatedAccount(index: index, layout: layout, seed: accountSeed)
                    try await account.run()
                    await account.check()
                    return account.figures
                }
            }
            for _ in 0..<4 { start() }
            while let figures = try await group.next() {
                total.add(figures)
                start()
            }
            return total
        }
    }
}
