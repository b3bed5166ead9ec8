#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the file lease and the device issuer need, each module's
/// errors as `Failure` (`typealias POSIXFile = POSIXFiles<LeaseBackendError>` in
/// `MiniFlakeLease`).
package enum POSIXFiles<Failure: POSIXFileFailure> {
    /// The text of the current `errno`.
    package static func lastError() -> String {
        let code = errno
        guard let text = strerror(code) else { return "error \(code)" }
        return "\(String(cString: text)) (errno \(code))"
    }

    /// Creates a directory and its parents, like `mkdir -p`.
    package static func makeDirectory(_ path: String, mode: mode_t = 0o755) throws(Failure) {
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

    /// Opens (creating it if needed) a file to lock; the descriptor is not inherited by child
    /// processes, so they never keep a lock alive.
    package static func openForLocking(_ path: String, create: Bool) throws(Failure) -> Int32 {
        let flags = create ? O_RDWR | O_CREAT | O_CLOEXEC : O_RDONLY | O_CLOEXEC
        while true {
            let descriptor = open(path, flags, 0o644)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw .storage(path: path, reason: "cannot open the lock file: \(lastError())")
        }
    }

    /// The device and inode of an open file.
    package static func identity(of descriptor: Int32, path: String) throws(Failure) -> FileIdentity {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .storage(path: path, reason: "cannot stat the lock file: \(lastError())")
        }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Tries to lock an open file without waiting: `true` when locked, `false` when another
    /// open file (in any process) holds a conflicting lock.
    package static func tryLock(_ descriptor: Int32, shared: Bool = false, path: String) throws(Failure) -> Bool {
        while true {
            if flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 { return true }
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return false
            default: throw .storage(path: path, reason: "cannot lock: \(lastError())")
            }
        }
    }

    /// The largest file ``contents(of:)`` and ``readAll(_:path:)`` read: 1 MiB.
    package static var sizeLimit: Int { 1 << 20 }

    /// Reads a whole small file, or returns `nil` when it does not exist.
    ///
    /// - Throws: A storage failure, and for a file larger than ``sizeLimit``.
    package static func contents(of path: String) throws(Failure) -> String? {
        guard let (text, isWhole) = try prefix(of: path) else { return nil }
        return try whole(text, isWhole, path: path)
    }

    /// Reads a file's first ``sizeLimit`` bytes, or returns `nil` when it does not exist;
    /// `isWhole` is `false` when the file is longer.
    package static func prefix(of path: String) throws(Failure) -> (text: String, isWhole: Bool)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .storage(path: path, reason: "cannot open: \(lastError())")
        }
        defer { close(descriptor) }
        return try readPrefix(descriptor, path: path)
    }

    /// Reads an open file from its start.
    ///
    /// - Throws: A storage failure, and for a file larger than ``sizeLimit``.
    package static func readAll(_ descriptor: Int32, path: String) throws(Failure) -> String {
        let (text, isWhole) = try readPrefix(descriptor, path: path)
        return try whole(text, isWhole, path: path)
    }

    private static func whole(_ text: String, _ isWhole: Bool, path: String) throws(Failure) -> String {
        guard isWhole else { throw .storage(path: path, reason: "the file is larger than 1 MiB") }
        return text
    }

    /// Reads an open file's first ``sizeLimit`` bytes, and whether that was all of it.
    private static func readPrefix(_ descriptor: Int32, path: String) throws(Failure) -> (
        text: String, isWhole: Bool
    ) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while bytes.count <= sizeLimit {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .storage(path: path, reason: "cannot read: \(lastError())")
            }
            if count == 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            bytes += buffer[0..<count]
            offset += off_t(count)
        }
        return (String(decoding: bytes.prefix(sizeLimit), as: UTF8.self), false)
    }

    /// Replaces an open file's contents.
    package static func replaceContents(of descriptor: Int32, with text: String, path: String) throws(Failure) {
        guard ftruncate(descriptor, 0) == 0 else {
            throw .storage(path: path, reason: "cannot truncate: \(lastError())")
        }
        try writeAll(descriptor, Array(text.utf8), path: path, at: 0)
    }

    /// Writes a file so that a crash at any moment leaves either the old contents or the new:
    /// a temporary file in the same directory, `fsync`, `rename`, then `fsync` of the
    /// directory.
    ///
    /// - Parameters:
    ///   - interruptBeforeRename: For tests: stop after the temporary file is written and
    ///     synced, as a crash would, leaving the old contents in place.
    ///   - dyingAfter: For simulations: asked after each step; `true` stops the write there, as
    ///     the process's death would (nothing is undone), and throws.
    package static func writeAtomically(
        _ text: String, to path: String, directory: String, mode: mode_t = 0o644, interruptBeforeRename: Bool = false,
        dyingAfter: ((AtomicWriteStep) -> Bool)? = nil
    ) throws(Failure) {
        let temporary = "\(path).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw .storage(path: temporary, reason: "cannot create: \(lastError())")
        }
        /// Stops the write as a death after `step` would, when the simulation asks for it.
        func die(after step: AtomicWriteStep) throws(Failure) {
            guard let dyingAfter, dyingAfter(step) else { return }
            throw .storage(path: path, reason: "the process died after \(step)")
        }
        do throws(Failure) {
            try writeAll(descriptor, Array(text.utf8), path: temporary, at: 0)
            try die(after: .temporaryWritten)
            guard fsync(descriptor) == 0 else {
                throw .storage(path: temporary, reason: "cannot fsync: \(lastError())")
            }
            try die(after: .temporarySynced)
        } catch {
            close(descriptor)
            if dyingAfter == nil { unlink(temporary) }
            throw error
        }
        close(descriptor)
        if interruptBeforeRename { return }
        guard rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw .storage(path: path, reason: "cannot rename \(temporary) into place: \(reason)")
        }
        try die(after: .renamed)
        try syncDirectory(directory)
        try die(after: .directorySynced)
    }

    /// Renames a file; a missing source is no error.
    package static func move(_ path: String, to destination: String) throws(Failure) {
        guard rename(path, destination) == 0 || errno == ENOENT else {
            throw .storage(path: path, reason: "cannot rename to \(destination): \(lastError())")
        }
    }

    /// Removes a file; a missing one is no error.
    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .storage(path: path, reason: "cannot remove: \(lastError())")
        }
    }

    /// The names in a directory, without `.` and `..`.
    package static func entries(of directory: String) throws(Failure) -> [String] {
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

    /// Makes a rename in a directory durable.
    package static func syncDirectory(_ directory: String) throws(Failure) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .storage(path: directory, reason: "cannot open the directory: \(lastError())")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw .storage(path: directory, reason: "cannot fsync the directory: \(lastError())")
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String, at start: off_t)
        throws(Failure)
    {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pwrite(descriptor, base + written, bytes.count - written, start + off_t(written))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .storage(path: path, reason: "cannot write: \(lastError())")
            }
            written += count
        }
    }
}
