#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A write to a file descriptor failed.
    struct OutputWriteError: Error, CustomStringConvertible {
        /// The `errno` the write failed with.
        let code: Int32
        /// The descriptor written to.
        let descriptor: Int32

        /// Whether the reader went away (`EPIPE`), as when output is piped into `head`.
        var isBrokenPipe: Bool { code == EPIPE }

        /// One line for a person.
        var description: String {
            let stream =
                switch descriptor {
                case 1: "standard output"
                case 2: "standard error"
                default: "file descriptor \(descriptor)"
                }
            return "cannot write to \(stream): \(String(cString: strerror(code)))"
        }
    }
#endif
