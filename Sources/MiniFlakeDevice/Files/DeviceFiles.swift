#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the device state needs, with errors as ``DeviceStateError``.
enum DeviceFiles {
    /// The text of the current `errno`.
    static func lastError() -> String {
        let code = errno
        guard let text = strerror(code) else { return "error \(code)" }
        return "\(String(cString: text)) (errno \(code))"
    }

    /// Creates a directory and its parents, like `mkdir -p`.
    static func makeDirectory(_ path: String, mode: mode_t = 0o755) throws(DeviceStateError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component
            if mkdir(prefix, mode) != 0 && errno != EEXIST {
                throw .storage(path: prefix, reason: "cannot create the directory: \(lastError())")
            }
            prefix += "/"
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .storage(path: path, reason: "not a directory")
        }
    }

    /// Reads a whole small file (at most 1 MiB), or returns `nil` when it does not exist.
    static func contents(of path: String) throws(DeviceStateError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .storage(path: path, reason: "cannot open: \(lastError())")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .storage(path: path, reason: "cannot read: \(lastError())")
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > 1 << 20 { throw .storage(path: path, reason: "the file is larger than 1 MiB") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes a file so that a crash at any moment leaves either the old contents or the new:
    /// a temporary file in the same directory, `fsync`, `rename`, then `fsync` of the directory.
    static func writeAtomically(_ text: String, to path: String, directory: String, mode: mode_t = 0o644)
        throws(DeviceStateError)
    {
        let temporary = "\(path).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw .storage(path: temporary, reason: "cannot create: \(lastError())")
        }
        do throws(DeviceStateError) {
            try writeAll(descriptor, Array(text.utf8), path: temporary)
            guard fsync(descriptor) == 0 else {
                throw .storage(path: temporary, reason: "cannot fsync: \(lastError())")
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw .storage(path: path, reason: "cannot rename \(temporary) into place: \(reason)")
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard directoryDescriptor >= 0 else {
            throw .storage(path: directory, reason: "cannot open the directory: \(lastError())")
        }
        defer { close(directoryDescriptor) }
        guard fsync(directoryDescriptor) == 0 else {
            throw .storage(path: directory, reason: "cannot fsync the directory: \(lastError())")
        }
    }

    /// Renames a file; a missing source is no error.
    static func move(_ path: String, to destination: String) throws(DeviceStateError) {
        guard rename(path, destination) == 0 || errno == ENOENT else {
            throw .storage(path: path, reason: "cannot rename to \(destination): \(lastError())")
        }
    }

    /// The names in a directory, without `.` and `..`.
    static func entries(of directory: String) throws(DeviceStateError) -> [String] {
        guard let stream = opendir(directory) else {
            throw .storage(path: directory, reason: "cannot list the directory: \(lastError())")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(DeviceStateError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + written, bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .storage(path: path, reason: "cannot write: \(lastError())")
            }
            written += count
        }
    }
}
