import MiniFlake
import MiniFlakeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// A device key kept in a file of its own, made with 128 random bits on first use: for Linux
/// and desktop programs.
///
/// Put the file where backups of the state directory do not go (for example
/// `~/.local/state/<app>/device-key` when the state lives in a synced folder): a state
/// directory copied to another machine then meets another key there.
public struct FileDeviceKey: DeviceKeySource {
    /// The key file's path.
    public let path: String

    /// Uses the key in `path`, making it on first use.
    public init(path: String) {
        self.path = path
    }

    /// Reads the key, or makes and stores one (mode 0600, written crash-safely) the first time.
    ///
    /// - Throws: ``DeviceStateError/Code/deviceKeyUnavailable`` when the file cannot be read
    ///   or written, or holds no key.
    public func deviceKey() throws(DeviceStateError) -> String {
        do throws(DeviceStateError) {
            if let text = try DeviceFiles.contents(of: path) { return try Self.key(in: text, path: path) }
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            try DeviceFiles.makeDirectory(directory, mode: 0o700)
            var random = SystemRandomNumberGenerator()
            let key = DeviceKeyFingerprint.hex(random.next()) + DeviceKeyFingerprint.hex(random.next())
            // Two processes making the key at once: link(2) lets exactly one of them win.
            let temporary = "\(path).\(getpid())-\(random.next()).tmp"
            try DeviceFiles.writeAtomically(key + "\n", to: temporary, directory: directory, mode: 0o600)
            defer { unlink(temporary) }
            if link(temporary, path) != 0 && errno != EEXIST {
                throw DeviceStateError.storage(path: path, reason: "cannot create: \(DeviceFiles.lastError())")
            }
            guard let text = try DeviceFiles.contents(of: path) else {
                throw DeviceStateError.storage(path: path, reason: "the key file vanished")
            }
            return try Self.key(in: text, path: path)
        } catch {
            throw DeviceStateError(.deviceKeyUnavailable, message: error.message)
        }
    }

    private static func key(in text: String, path: String) throws(DeviceStateError) -> String {
        let key = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !key.isEmpty else { throw .storage(path: path, reason: "the key file is empty") }
        return key
    }
}
