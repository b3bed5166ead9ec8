#if canImport(Glibc)
    import Glibc
#endif

/// Pins threads to processors, so that the threads of a multi-threaded case each get a core
/// of their own rather than whichever core the scheduler wakes them on. Linux only; elsewhere
/// every call does nothing.
enum CPUAffinity {
    #if canImport(Glibc)
        /// A set of processors, as the kernel takes it.
        typealias Mask = cpu_set_t

        private typealias Affinity = @convention(c) (pthread_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32

        // Looked up at run time: Swift's Glibc module leaves out the GNU extensions.
        private static let getAffinity: Affinity? = lookUp("pthread_getaffinity_np")
        private static let setAffinity: Affinity? = lookUp("pthread_setaffinity_np")

        private static func lookUp(_ name: String) -> Affinity? {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(symbol, to: Affinity.self)
        }

        /// The processors the calling thread may run on, or `nil` where that cannot be read.
        static func currentMask() -> Mask? {
            guard let getAffinity else { return nil }
            var mask = cpu_set_t()
            return getAffinity(pthread_self(), MemoryLayout<cpu_set_t>.size, &mask) == 0 ? mask : nil
        }

        /// Lets the calling thread run on these processors again.
        static func restore(_ mask: Mask) {
            guard let setAffinity else { return }
            var mask = mask
            _ = setAffinity(pthread_self(), MemoryLayout<cpu_set_t>.size, &mask)
        }

        /// Pins the calling thread to processor `cpu` (0-based, below 1024).
        static func pinCurrentThread(to cpu: Int) {
            guard let setAffinity, (0..<1024).contains(cpu) else { return }
            var mask = cpu_set_t()
            withUnsafeMutableBytes(of: &mask) { bytes in
                bytes.storeBytes(of: UInt64(1) << UInt64(cpu % 64), toByteOffset: (cpu / 64) * 8, as: UInt64.self)
            }
            _ = setAffinity(pthread_self(), MemoryLayout<cpu_set_t>.size, &mask)
        }
    #else
        /// A set of processors; nothing here.
        typealias Mask = Void

        /// Nothing to read here.
        static func currentMask() -> Mask? { nil }

        /// Does nothing here.
        static func restore(_ mask: Mask) {}

        /// Does nothing here.
        static func pinCurrentThread(to cpu: Int) {}
    #endif
}
