import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeSupport
import MiniFlakeTestSupport

/// The simulated world: one account's devices, their processes, the claim store, the server's
/// clock, the background work queued, and the checker. ``perform(_:)`` runs one action on the real
/// issuers and claimers; every step is checked.
final class SimWorld {
    static let start: Int64 = 1_760_000_000_000
    let layout: FlakeLayout
    let root: TemporaryDirectory
    let time = LockedValue(SimWorld.start)
    /// The step running now, for the cloud's notes.
    let currentStep = LockedValue(0)
    let random: LockedValue<SeededGenerator>
    let cloud: SimCloud
    let scheduler = SimScheduler()
    let checker: SimChecker
    let background = LockedValue<[(process: Int, work: @Sendable () -> Void)]>([])
    private(set) var devices: [SimDevice] = []
    private(set) var processes: [SimProcess] = []
    private(set) var trace: [String] = []
    private(set) var steps = 0
    private let reservation: Duration = .seconds(1)

    init(seed: UInt64, devices count: Int, instanceBits: Int = 4) throws {
        layout = try FlakeLayout(
            name: "simulated", timestampBits: 41, sequenceBits: 12, instanceBits: instanceBits,
            fieldOrder: .timestampSequenceInstance,
            epochMillisecondsSince1970: FlakeLayout.miniFlake.epochMillisecondsSince1970)
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let inMemory = FileManager.default.isWritableFile(atPath: memory.path)
        root = try TemporaryDirectory(prefix: "miniflake-simulation", in: inMemory ? memory : nil)
        random = LockedValue(SeededGenerator(seed: seed))
        let time = self.time
        let currentStep = self.currentStep
        cloud = SimCloud(
            account: try RegistryName("simulated-account"), reclaimAfterMilliseconds: 30 * 86_400_000,
            now: { time.withLock { $0 } }, step: { currentStep.withLock { $0 } })
        checker = SimChecker(cloud: cloud, layout: layout, graceMilliseconds: 2 * reservation.milliseconds())
        for _ in 0..<count { addDevice() }
    }

    deinit { root.remove() }

    var now: Int64 { time.withLock { $0 } }
    var alive: [SimProcess] { processes.filter(\.isAlive) }
    var violations: [String] { checker.violations + cloud.violations }

    @discardableResult
    func addDevice() -> Int {
        let number = devices.count
        devices.append(
            SimDevice(
                number: number, key: "device-\(number)", directory: root.path + "/device-\(number)",
                clock: ManualFlakeClock(millisecondsSince1970: now)))
        return number
    }

    func draw() -> UInt64 { random.withLock { $0.next() } }

    /// Runs one action; an action that does not apply (a dead process, an index past the end)
    /// does nothing.
    func perform(_ action: SimAction) async {
        steps += 1
        currentStep.withLock { $0 = steps }
        trace.append("\(steps): \(action)")
        switch action {
        case .advance(let milliseconds):
            time.withLock { $0 += milliseconds }
            for device in devices { device.clock.advance(by: .milliseconds(milliseconds)) }
        case .setClock(let device, let offset):
            guard devices.indices.contains(device) else { return }
            devices[device].clock.set(millisecondsSince1970: now + offset)
        case .open(let device, let kind):
            guard devices.indices.contains(device) else { return }
            open(on: devices[device], kind: kind)
        case .issue(let process, let call, let count):
            guard let process = live(process) else { return }
            for _ in 0..<count { await issue(process, call) }
        case .close(let process, let async):
            guard let process = live(process) else { return }
            if async {
                _ = try? await process.issuer.close()
            } else {
                closeBlocking(process.issuer)
            }
        case .kill(let process):
            live(process)?.fate.withLock { $0.dead = true }
        case .dieDuring(let process, let step):
            live(process)?.fate.withLock { $0.dieAfter = step }
        case .runBackgroundWork(let index):
            let job = background.withLock { jobs in jobs.indices.contains(index) ? jobs.remove(at: index) : nil }
            guard let job, processes[job.process].isAlive else { return }
            job.work()
        case .claim(let process):
            await startClaimCall(process) { _ = try? await $0.claimer.claim(for: $0.issuer) }
        case .release(let process):
            await startClaimCall(process) { _ = try? await $0.claimer.release(for: $0.issuer) }
        case .signOut(let process):
            guard let process = live(process) else { return }
            _ = try? await process.issuer.signOut()
        case .deliver(let index, let fault):
            let parked = scheduler.parked
            guard parked.indices.contains(index) else { return }
            // A dead process's calls never reach the server.
            scheduler.release(at: index, with: processes[parked[index].process].isAlive ? fault : .unreachable)
            await scheduler.settle()
        case .deleteZone:
            cloud.deleteZone()
        case .restore(let device):
            guard devices.indices.contains(device) else { return }
            restore(devices[device])
        }
    }

    /// Starts a claim or release of a live process that has none in flight, and lets it run
    /// until it parks at a store call or finishes.
    private func startClaimCall(_ number: Int, _ call: @escaping @Sendable (SimProcess) async -> Void) async {
        guard let process = live(number), !process.busy.withLock({ $0 }) else { return }
        process.busy.withLock { $0 = true }
        scheduler.start {
            await call(process)
            process.busy.withLock { $0 = false }
        }
        await scheduler.settle()
    }

    /// Lets every call in flight fail (no network) until none is left.
    func drain() async {
        while !scheduler.parked.isEmpty {
            scheduler.release(at: 0, with: .unreachable)
            await scheduler.settle()
        }
    }

    private func live(_ number: Int) -> SimProcess? {
        guard processes.indices.contains(number), processes[number].isAlive else { return nil }
        return processes[number]
    }

    private func open(on device: SimDevice, kind: String) {
        let number = processes.count
        let fate = LockedValue(SimProcess.Fate())
        let background = self.background
        let random = self.random
        var configuration = DeviceFlakeIssuer.Configuration(
            layout: layout, clock: device.clock.flakeClock, reservation: reservation,
            lockWaitLimit: .milliseconds(50), randomBits: { random.withLock { $0.next() } })
        configuration.startBackgroundWork = { work in
            background.withLock { $0.append((number, work)) }
            return true
        }
        configuration.dyingAfterStateWriteStep = SimProcess.deathHook(fate)
        guard let issuer = makeIssuer(device, kind, configuration) else { return }
        let store = SimCloudStore(
            cloud: cloud, scheduler: scheduler, process: number, installation: { issuer.installation.text })
        let claimer = AccountInstanceClaims(
            store: store, configuration: .init(randomBits: { random.withLock { $0.next() } }))
        processes.append(
            SimProcess(number: number, device: device.number, kind: kind, fate: fate, issuer: issuer, claimer: claimer))
        checker.opened(process: number, origin: issuer.installation.text)
    }

    private func makeIssuer(_ device: SimDevice, _ kind: String, _ configuration: DeviceFlakeIssuer.Configuration)
        -> DeviceFlakeIssuer?
    {
        try? DeviceFlakeIssuer(
            directory: device.directory, processKind: kind, deviceKey: FixedDeviceKey(device.key),
            configuration: configuration)
    }

    private func closeBlocking(_ issuer: DeviceFlakeIssuer) { try? issuer.closeBlocking() }

    private func issue(_ process: SimProcess, _ call: SimAction.Call) async {
        let issuer = process.issuer
        var ids: [FlakeID] = []
        switch call {
        case .immediate: if let id = try? issuer.nextImmediately() { ids = [id] }
        case .blocking: if let id = blockingNext(issuer) { ids = [id] }
        case .async: if let id = try? await issuer.next(waitingAtMost: .zero) { ids = [id] }
        case .immediateBatch(let count): ids = (try? issuer.nextImmediately(count: count)).map(Array.init) ?? []
        case .blockingBatch(let count): ids = blockingBatch(issuer, count)
        case .asyncBatch(let count):
            ids = (try? await issuer.next(count: count, waitingAtMost: .zero)).map(Array.init) ?? []
        }
        guard process.isAlive else { return }  // it died inside the call: what it issued was never handed out
        var marks: [Int: Int64?] = [:]
        for id in ids {
            let parts = layout.parts(of: id)
            let issue = SimIssue(
                id: id.rawValue, device: process.device, kind: process.kind, process: process.number,
                origin: issuer.installation.text, instance: parts.instanceNumber, tick: parts.tick, time: now,
                step: steps)
            if marks[parts.instanceNumber] == nil {
                marks[parts.instanceNumber] = storedMark(
                    device: process.device, kind: process.kind, instance: parts.instanceNumber)
            }
            checker.record(issue, stored: marks[parts.instanceNumber] ?? nil)
        }
    }

    /// `nextBlocking()`, unless it could wait for the clock (a mark more than a window ahead of
    /// it): the simulation's clocks move only when it says.
    private func blockingNext(_ issuer: DeviceFlakeIssuer) -> FlakeID? {
        guard issuer.markTick - layout.tick(millisecondsSince1970: issuer.clock.millisecondsSince1970()) < 1000 else {
            return try? issuer.nextImmediately()
        }
        return try? issuer.nextBlocking()
    }

    private func blockingBatch(_ issuer: DeviceFlakeIssuer, _ count: Int) -> [FlakeID] {
        guard issuer.markTick - layout.tick(millisecondsSince1970: issuer.clock.millisecondsSince1970()) < 1000 else {
            return (try? issuer.nextImmediately(count: count)).map(Array.init) ?? []
        }
        return (try? issuer.nextBlocking(count: count)).map(Array.init) ?? []
    }
}
