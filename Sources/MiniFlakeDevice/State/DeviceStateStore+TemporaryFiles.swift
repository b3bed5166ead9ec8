import MiniFlake
import MiniFlakeSupport

extension DeviceStateStore {
    /// Removes the temporary files of state writes that were killed before their rename,
    /// `miniflake-KIND.state.PID-RAND.tmp` of any kind; run it only while holding ``lock``.
    ///
    /// Every state write, of every kind, happens under the directory lock, so while this
    /// process holds it no live process is writing such a file: each one there belongs to a
    /// write that was killed or crashed. Telling them apart by their PID instead would be wrong
    /// twice over: a dead process's PID is soon reused, and an app and its extensions run in
    /// sandboxes that need not see each other's processes. A file that cannot be listed or
    /// removed is left for the next launch: it does no harm, and issuing must not stop for it.
    func removeStaleTemporaryFiles() {
        guard let entries = try? DeviceFiles.entries(of: directory) else { return }
        for entry in entries where Self.isStateTemporaryFile(entry) {
            try? DeviceFiles.remove("\(directory)/\(entry)")
        }
    }

    /// Whether a name is a state write's temporary file: `miniflake-KIND.state.PID-RAND.tmp`
    /// with a valid kind and two runs of digits.
    static func isStateTemporaryFile(_ name: String) -> Bool {
        guard name.hasPrefix("miniflake-"), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropFirst("miniflake-".count).dropLast(".tmp".count)
            .split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, isValidKind(String(parts[0])), parts[1] == "state" else { return false }
        let numbers = parts[2].split(separator: "-", omittingEmptySubsequences: false)
        return numbers.count == 2
            && numbers.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }
}
