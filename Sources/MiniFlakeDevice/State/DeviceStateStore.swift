import MiniFlake
import MiniFlakeSupport

/// The state files of one directory: this process kind's own, and the other kinds' (read
/// only for their instance numbers and marks, and rewritten only to move a provisional number
/// out of the way of an assigned one).
struct DeviceStateStore: Sendable {
    /// The directory the app chose.
    let directory: String
    /// This process's kind: `app`, `share`, `widget`…
    let kind: String
    /// The identifiers' layout.
    let layout: FlakeLayout
    /// The lock every change takes.
    let lock: DirectoryLock
    /// For simulations: asked after each step of a state write; `true` ends the write there, as
    /// the process's death would (``DeviceFlakeIssuer/Configuration/dyingAfterStateWriteStep``).
    let dyingAfter: (@Sendable (AtomicWriteStep) -> Bool)?

    /// A store for `kind` in `directory` (created if missing).
    ///
    /// - Throws: ``DeviceStateError/Code/invalidProcessKind``, and
    ///   ``DeviceStateError/Code/storageFailed`` when the directory cannot be made.
    init(
        directory: String, kind: String, layout: FlakeLayout, dyingAfter: (@Sendable (AtomicWriteStep) -> Bool)? = nil
    ) throws(DeviceStateError) {
        guard Self.isValidKind(kind) else {
            throw DeviceStateError(
                .invalidProcessKind,
                message: "process kind \"\(kind)\" must be 1 to 32 characters of a-z, 0-9 and -")
        }
        try DeviceFiles.makeDirectory(directory)
        self.directory = directory
        self.kind = kind
        self.layout = layout
        self.lock = DirectoryLock(path: "\(directory)/miniflake.lock")
        self.dyingAfter = dyingAfter
    }

    /// Whether a process kind is 1 to 32 characters of `a-z`, `0-9` and `-`.
    static func isValidKind(_ kind: String) -> Bool {
        (1...32).contains(kind.utf8.count)
            && kind.utf8.allSatisfy { (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2d }
    }

    /// The state file of a kind.
    func path(of kind: String) -> String { "\(directory)/miniflake-\(kind).state" }

    /// This kind's state, or `nil` when there is none yet.
    func readOwn() throws(DeviceStateError) -> DeviceState.Reading? {
        try reading(of: kind)
    }

    /// A kind's state file as far as it can be read, or `nil` when there is none. A file larger
    /// than `DeviceFiles.sizeLimit` (1 MiB; a state file holds 7 KiB at most) is unreadable,
    /// whatever its first 1 MiB holds, and salvaged from those.
    ///
    /// - Throws: ``DeviceStateError/Code/unsupportedVersion`` and the storage errors.
    private func reading(of kind: String) throws(DeviceStateError) -> DeviceState.Reading? {
        guard let (text, isWhole) = try DeviceFiles.prefix(of: path(of: kind)) else { return nil }
        let reading = try DeviceState.read(text, layout: layout)
        return isWhole ? reading : .unreadable(reading.salvage(reason: "the file is larger than 1 MiB"))
    }

    /// Stores this kind's state crash-safely.
    func write(_ state: DeviceState) throws(DeviceStateError) {
        try write(state, kind: kind)
    }

    /// Stores a kind's state crash-safely; a normal exit waits for the write to finish.
    func write(_ state: DeviceState, kind: String) throws(DeviceStateError) {
        try StateWritesAtExit.run { () throws(DeviceStateError) in
            try DeviceFiles.writeAtomically(
                state.text(layout: layout), to: path(of: kind), directory: directory, dyingAfter: dyingAfter)
        }
    }

    /// Keeps an unreadable state file beside the new one, as `miniflake-KIND.state.unreadable`.
    func setAsideOwn() throws(DeviceStateError) {
        try DeviceFiles.move(path(of: kind), to: path(of: kind) + ".unreadable")
    }

    /// Another kind's state file, as far as it can be read.
    struct Neighbour: Sendable {
        let kind: String
        /// The state, when it is valid.
        let state: DeviceState?
        /// Numbers it holds (from an unreadable file: every number found, left behind or not),
        /// and its largest mark.
        let instances: Set<Int>
        let markTick: Int64?
        /// The installations a valid state left behind, each with its mark.
        let leftBehind: [LeftBehindInstallation]
        /// The numbers a valid state moved off, each with its mark.
        var retired: [RetiredNumber] = []

        /// The numbers no other kind may draw at tick `now`: those it holds, and those it left
        /// behind or retired with a mark still ahead of the clock (identifiers up to that mark
        /// were issued under them, at ticks the clock has yet to reach).
        func instancesHeld(at now: Int64) -> Set<Int> {
            instances.union(leftBehind.instancesMarked(aheadOf: now)).union(retired.instancesMarked(aheadOf: now))
        }
    }

    /// Every other kind's state file in the directory.
    func neighbours() throws(DeviceStateError) -> [Neighbour] {
        var found: [Neighbour] = []
        for entry in try DeviceFiles.entries(of: directory) {
            guard entry.hasPrefix("miniflake-"), entry.hasSuffix(".state") else { continue }
            let other = String(entry.dropFirst("miniflake-".count).dropLast(".state".count))
            guard other != kind, Self.isValidKind(other) else { continue }
            let reading: DeviceState.Reading?
            do throws(DeviceStateError) {
                reading = try self.reading(of: other)
            } catch {
                guard error.code == .unsupportedVersion else { throw error }
                continue  // a newer version's file: nothing to learn from it
            }
            switch reading {
            case nil: continue
            case .valid(let state):
                found.append(
                    Neighbour(
                        kind: other, state: state, instances: [state.instance], markTick: state.markTick,
                        leftBehind: state.leftBehind, retired: state.retired))
            case .unreadable(let salvage):
                found.append(
                    Neighbour(
                        kind: other, state: nil, instances: salvage.instances, markTick: salvage.markTick,
                        leftBehind: []))
            }
        }
        return found
    }
}
