import MiniFlake
import MiniFlakeDevice
import Testing

/// The five schedules that broke the one promise in 1.1's first cut, each played on the
/// simulator's world as a fixed list of actions (``SimAction``) through the public API. Each
/// fails when its defect is put back (`scripts/simulator-mutations.sh`).
@Suite("Device simulation: the schedules that broke the promise")
struct SimulatorRegressionTests {
    /// Lets every parked store call through, first to last, with `faults` in order (then none).
    private func deliverAll(_ world: SimWorld, faults: [SimFault] = []) async {
        var faults = faults[...]
        while !world.scheduler.parked.isEmpty {
            await world.perform(.deliver(index: 0, fault: faults.popFirst() ?? .none))
        }
    }

    /// A world of `devices` devices, each with one app process, whose first two processes drew the
    /// same provisional number: the first seed from 1 where they do (the world is seeded, so the
    /// search is the same on every run).
    private func worldSharingAProvisionalNumber(devices: Int) async throws -> SimWorld {
        for seed in UInt64(1)...64 {
            let world = try SimWorld(seed: seed, devices: devices, instanceBits: 2)
            for device in 0..<devices { await world.perform(.open(device: device, kind: "app")) }
            let numbers = world.processes.map(\.issuer.provisionalInstance)
            if numbers.count == devices, numbers[0] == numbers[1] { return world }
        }
        throw SimulationSetupFailure()
    }

    private struct SimulationSetupFailure: Error {}

    private func expectNoViolation(_ world: SimWorld, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            world.violations.isEmpty, "\(world.violations.prefix(3))\n\(world.trace.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    @Test("close() beside a second process of the kind that reserved after it: no ID of the other process again")
    func closeBesideAnotherProcess() async throws {
        let world = try SimWorld(seed: 1, devices: 1)
        await world.perform(.open(device: 0, kind: "app"))  // A: window [t, t+4)
        await world.perform(.open(device: 0, kind: "app"))  // B: window [t+4, t+8)
        await world.perform(.issue(process: 1, call: .immediate, count: 1))
        await world.perform(.issue(process: 0, call: .immediateBatch(4096), count: 5))  // A uses up its window
        await world.perform(.runBackgroundWork(index: 0))  // A reserves [t+8, t+16) ahead
        await world.perform(.close(process: 0, async: false))
        await world.perform(.open(device: 0, kind: "app"))  // C
        await world.perform(.issue(process: 2, call: .immediate, count: 3))
        #expect(world.checker.count == 1 + 4 * 4096 + 3)
        expectNoViolation(world)
    }

    @Test("close() after a launch whose clock read before 2018: the mark stays, no ID again a minute later")
    func closeAfterLaunchBeforeTheEpoch() async throws {
        let world = try SimWorld(seed: 2, devices: 1)
        await world.perform(.open(device: 0, kind: "app"))
        await world.perform(.issue(process: 0, call: .immediate, count: 5))
        await world.perform(.close(process: 0, async: false))
        await world.perform(.setClock(device: 0, offset: 1_400_000_000_000 - SimWorld.start))  // 2014
        await world.perform(.open(device: 0, kind: "app"))
        await world.perform(.close(process: 1, async: true))
        await world.perform(.setClock(device: 0, offset: -60_000))
        await world.perform(.open(device: 0, kind: "app"))
        await world.perform(.issue(process: 2, call: .blocking, count: 5))
        await world.perform(.advance(61_000))
        await world.perform(.issue(process: 2, call: .blocking, count: 5))
        #expect(world.checker.count == 15)
        expectNoViolation(world)
    }

    @Test(
        "a holder back after 31 days finds its number taken: it stops issuing with it, even when its next claim fails")
    func holderFindsItsNumberTaken() async throws {
        let world = try await worldSharingAProvisionalNumber(devices: 4)
        for process in [0, 2, 3] {  // the holder, then two more claims: the lower half is full
            await world.perform(.claim(process: process))
            await deliverAll(world)
        }
        await world.perform(.issue(process: 0, call: .blocking, count: 3))
        await world.perform(.advance(31 * 86_400_000))
        for process in [2, 3] {  // they renew; the holder stays silent
            await world.perform(.claim(process: process))
            await deliverAll(world)
        }
        await world.perform(.claim(process: 1))  // takes the silent holder's number over
        await deliverAll(world)
        #expect(world.processes[1].issuer.currentInstanceNumber == world.processes[0].issuer.currentInstanceNumber)
        await world.perform(.claim(process: 0))  // back: the renewal finds the number taken; the next write is refused
        await deliverAll(world, faults: [.none, .none, .rateLimited(600)])
        await world.perform(.advance(3_000))
        await world.perform(.issue(process: 0, call: .blocking, count: 3))
        await world.perform(.issue(process: 1, call: .blocking, count: 3))
        #expect(world.processes[0].issuer.currentInstanceNumber != world.processes[1].issuer.currentInstanceNumber)
        expectNoViolation(world)
    }

    @Test("release(for:) with a slow reply and a taker two minutes behind: nothing issued during the round trip again")
    func releaseDuringTheRoundTrip() async throws {
        let world = try await worldSharingAProvisionalNumber(devices: 2)
        await world.perform(.claim(process: 0))
        await deliverAll(world)
        await world.perform(.issue(process: 0, call: .blocking, count: 1))
        await world.perform(.setClock(device: 1, offset: -120_000))
        await world.perform(.release(process: 0))
        await world.perform(.deliver(index: 0, fault: .none))  // the account
        await world.perform(.issue(process: 0, call: .blockingBatch(4096), count: 5))  // while the reply is out
        await deliverAll(world)
        await world.perform(.claim(process: 1))  // takes the released number
        await deliverAll(world)
        await world.perform(.issue(process: 1, call: .blockingBatch(4096), count: 5))
        expectNoViolation(world)
    }

    @Test("a release that committed but whose reply was lost: the releaser no longer issues with the number")
    func releaseWhoseReplyWasLost() async throws {
        let world = try await worldSharingAProvisionalNumber(devices: 2)
        await world.perform(.claim(process: 0))
        await deliverAll(world)
        await world.perform(.release(process: 0))
        await deliverAll(world, faults: [.none, .none, .lostReply, .unreachable])
        await world.perform(.claim(process: 1))  // takes the released number
        await deliverAll(world)
        await world.perform(.advance(10))
        await world.perform(.issue(process: 0, call: .blocking, count: 3))
        await world.perform(.issue(process: 1, call: .blocking, count: 3))
        #expect(world.processes[0].issuer.currentInstanceNumber != world.processes[1].issuer.currentInstanceNumber)
        expectNoViolation(world)
    }
}
