import Foundation

/// Runs seeds through the simulated world, stopping a seed at its first violation, and sums up
/// what was explored.
struct SimulationRun {
    /// What a run explored.
    struct Figures: CustomStringConvertible {
        var seeds = 0
        var steps = 0
        var identifiers = 0
        var documentedCollisions = 0
        var processes = 0
        var devices = 0
        /// The failing seeds, with the step of the first violation and the trace leading to it.
        var failures: [(seed: UInt64, step: Int, violations: [String], trace: [String])] = []

        var description: String {
            "\(seeds) seeds, \(steps) steps, \(devices) devices, \(processes) processes, \(identifiers) IDs, "
                + "\(documentedCollisions) documented collisions, \(failures.count) seeds with violations"
        }
    }

    /// How many seeds and steps: `MINIFLAKE_SIMULATION_SEEDS` and `MINIFLAKE_SIMULATION_STEPS`
    /// override the defaults, and `MINIFLAKE_SIMULATION_FIRST_SEED` where to start.
    static func settings(seeds: Int, steps: Int) -> (first: UInt64, seeds: Int, steps: Int) {
        let environment = ProcessInfo.processInfo.environment
        return (
            environment["MINIFLAKE_SIMULATION_FIRST_SEED"].flatMap { UInt64($0) } ?? 1,
            environment["MINIFLAKE_SIMULATION_SEEDS"].flatMap { Int($0) } ?? seeds,
            environment["MINIFLAKE_SIMULATION_STEPS"].flatMap { Int($0) } ?? steps
        )
    }

    /// Runs one seed for at most `steps` steps; the world, and the step of the first violation.
    /// The seed also picks the world's shape (2 to 4 devices) and its profile
    /// (``SimSchedule/Profile``).
    static func run(seed: UInt64, steps: Int) async throws -> (world: SimWorld, failedAt: Int?) {
        let profile = SimSchedule.Profile.of(seed: seed)
        let world = try SimWorld(seed: seed, devices: 2 + Int(seed % 3), instanceBits: profile.instanceBits)
        for device in world.devices.indices { await world.perform(.open(device: device, kind: "app")) }
        let schedule = SimSchedule(world: world, profile: profile)
        for _ in 0..<steps {
            await world.perform(schedule.next())
            if !world.violations.isEmpty { break }
        }
        await world.drain()
        return (world, world.violations.isEmpty ? nil : world.steps)
    }

    /// Runs `count` seeds from `first`.
    static func explore(first: UInt64, count: Int, steps: Int) async throws -> Figures {
        var figures = Figures()
        for seed in first..<first + UInt64(count) {
            let (world, failedAt) = try await run(seed: seed, steps: steps)
            figures.seeds += 1
            figures.steps += world.steps
            figures.identifiers += world.checker.count
            figures.documentedCollisions += world.checker.documented
            figures.processes += world.processes.count
            figures.devices += world.devices.count
            if let failedAt {
                figures.failures.append((seed, failedAt, world.violations, Array(world.trace.suffix(40))))
            }
        }
        return figures
    }
}
