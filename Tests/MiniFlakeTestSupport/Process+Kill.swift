import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Process {
    /// Kills the launched process at once with SIGKILL, as a crash would, and waits until it
    /// is gone. A process that has already exited is only waited for; one never launched is
    /// left alone (its identifier is 0, and `kill(0, …)` would signal the whole process group).
    package func killAndWait() {
        guard processIdentifier != 0 else { return }
        if isRunning {
            #if canImport(Glibc)
                _ = Glibc.kill(processIdentifier, SIGKILL)
            #elseif canImport(Darwin)
                _ = Darwin.kill(processIdentifier, SIGKILL)
            #endif
        }
        waitUntilExit()
    }
}
