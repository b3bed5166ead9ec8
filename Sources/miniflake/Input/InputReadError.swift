#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A read from a file descriptor failed.
    struct InputReadError: Error, CustomStringConvertible {
        /// The `errno` the read failed with.
        let code: Int32

        /// One line for a person.
        var description: String {
            "cannot read standard input: \(String(cString: strerror(code)))"
        }
    }
#endif
