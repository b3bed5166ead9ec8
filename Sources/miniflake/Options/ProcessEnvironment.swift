#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// What `miniflake serve` and `miniflake lease` read of the process's surroundings: the
    /// `MINIFLAKE_*` variables that stand in for their options, and the host name a
    /// StatefulSet ordinal is read from. Tests pass their own in place of these.
    enum ProcessEnvironment {
        /// The value of an environment variable of this process, or `nil` when it is not set.
        static func variable(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }
        }

        /// This machine's host name (a pod's name in Kubernetes), or `nil` when it cannot be read.
        static func hostName() -> String? {
            var buffer = [CChar](repeating: 0, count: 256)
            guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return name.isEmpty ? nil : name
        }
    }
#endif
