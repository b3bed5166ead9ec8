#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Writes straight to a file descriptor with `write(2)`, one system call per buffer
    /// handed to it (callers batch through ``OutputBuffer``).
    struct FileDescriptorOutput: TextOutput {
        /// The descriptor written to.
        let descriptor: Int32

        /// The process's standard output.
        static let standardOutput = FileDescriptorOutput(descriptor: 1)
        /// The process's standard error.
        static let standardError = FileDescriptorOutput(descriptor: 2)

        /// Writes every byte, retrying after interruptions and short writes.
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard var next = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                #if canImport(Darwin)
                    let written = Darwin.write(descriptor, next, remaining)
                #elseif canImport(Musl)
                    let written = Musl.write(descriptor, next, remaining)
                #else
                    let written = Glibc.write(descriptor, next, remaining)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutputWriteError(code: errno, descriptor: descriptor)
                }
                next += written
                remaining -= written
            }
        }
    }
#endif
