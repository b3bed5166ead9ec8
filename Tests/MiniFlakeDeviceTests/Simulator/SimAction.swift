import MiniFlakeSupport

/// One step of a simulated schedule. Processes are numbered in the order they were opened,
/// devices in the order they were made (the world starts with its first devices made).
enum SimAction: Sendable, Hashable, CustomStringConvertible {
    /// Which issuing call.
    enum Call: Sendable, Hashable {
        case immediate
        case blocking
        case async
        case immediateBatch(Int)
        case blockingBatch(Int)
        case asyncBatch(Int)
    }

    /// Time passes on the server and every device, by milliseconds.
    case advance(Int64)
    /// A device's clock is set to the server's time plus `offset` milliseconds (negative: behind).
    case setClock(device: Int, offset: Int64)
    /// A process of `kind` opens on a device.
    case open(device: Int, kind: String)
    /// A process issues `count` times with `call`.
    case issue(process: Int, call: Call, count: Int)
    /// A process closes its issuer (`closeBlocking()`, or `close()` when `async`).
    case close(process: Int, async: Bool)
    /// A process dies now.
    case kill(process: Int)
    /// A process will die after `step` of its next state write.
    case dieDuring(process: Int, step: AtomicWriteStep)
    /// The background work queued at `index` runs.
    case runBackgroundWork(index: Int)
    /// A process starts `claim(for:)`.
    case claim(process: Int)
    /// A process starts `release(for:)`.
    case release(process: Int)
    /// A process signs out (`signOut()`).
    case signOut(process: Int)
    /// The store call parked at `index` reaches the server, with `fault`.
    case deliver(index: Int, fault: SimFault)
    /// The user deletes the app's iCloud data: every claim record goes.
    case deleteZone
    /// A device's state directory is restored from a backup onto a new device.
    case restore(device: Int)

    var description: String {
        switch self {
        case .advance(let milliseconds): "advance \(milliseconds) ms"
        case .setClock(let device, let offset): "device \(device) clock at server \(offset >= 0 ? "+" : "")\(offset) ms"
        case .open(let device, let kind): "device \(device) opens a \(kind) process"
        case .issue(let process, let call, let count): "process \(process) issues \(count)× \(call)"
        case .close(let process, let async): "process \(process) closes\(async ? " (async)" : "")"
        case .kill(let process): "process \(process) dies"
        case .dieDuring(let process, let step): "process \(process) will die after \(step)"
        case .runBackgroundWork(let index): "background work \(index) runs"
        case .claim(let process): "process \(process) claims"
        case .release(let process): "process \(process) releases"
        case .signOut(let process): "process \(process) signs out"
        case .deliver(let index, let fault): "store call \(index) reaches the server (\(fault))"
        case .deleteZone: "the user deletes the zone"
        case .restore(let device): "device \(device) restored onto a new device"
        }
    }
}
