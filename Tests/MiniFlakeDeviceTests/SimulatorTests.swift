import Foundation
import MiniFlake
import MiniFlakeDevice
import Testing

/// The deterministic simulator over the real device issuers and claimers (`Simulator/`): seeded
/// schedules of opens, every issuing call, closes, deaths between the steps of a state write,
/// background reservations, clocks set back and before the epoch, claims, renewals and releases
/// against a store that loses replies, refuses, answers stale and deletes its zone. One seed is
/// one schedule: `MINIFLAKE_SIMULATION_FIRST_SEED=N MINIFLAKE_SIMULATION_SEEDS=1` repeats it.
/// A plain `swift test` runs 200 seeds; `.ci/run` runs 2,000 in a step of their own, and
/// `MINIFLAKE_SIMULATION_SEEDS` and `MINIFLAKE_SIMULATION_STEPS` make a longer soak.
@Suite("Device simulation")
struct SimulatorTests {
    @Test("seeded schedules break no invariant")
    func seeds() async throws {
        let settings = SimulationRun.settings(seeds: 200, steps: 200)
        let figures = try await SimulationRun.explore(
            first: settings.first, count: settings.seeds, steps: settings.steps)
        print("simulation: \(figures)")
        for failure in figures.failures.prefix(3) {
            Issue.record(
                """
                seed \(failure.seed) broke an invariant at step \(failure.step):
                \(failure.violations.prefix(3).joined(separator: "\n"))
                trace:
                \(failure.trace.joined(separator: "\n"))
                """)
        }
        #expect(figures.identifiers > figures.seeds * 50)
    }
}
