import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another process holding an exclusive `flock` on a file: a shell that opens the file, locks
/// it (util-linux's `flock`), reports it, and turns into `sleep` (keeping the descriptor, so a
/// single process holds the lock until it dies). The test can stop it (SIGSTOP) as the system
/// suspends an app, and it is killed when the value goes.
package final class LockHolderProcess: Sendable {
    /// The holder.
    private let process: ChildProcess
    /// Where the shell reports `locked` or `busy`.
    private let directory: TemporaryDirectory

    /// Why the holder could not take the lock.
    package struct HolderError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts the process and waits (up to 10 s) until it holds the lock.
    package init(lockFile path: String) throws {
        directory = try TemporaryDirectory(prefix: "miniflake-lock-holder")
        let report = directory.appending("report").path
        process = try ChildProcess(
            "/bin/sh", ["-c", "exec 9>>\"$0\" && flock -n 9 && echo locked && exec sleep 600 || echo busy", path],
            standardOutput: .file(report))
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let said = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            if said.hasPrefix("locked\n") { return }
            // Nothing yet, or the first bytes of the line, from a shell still running.
            guard "locked\n".hasPrefix(said), process.isRunning, ContinuousClock.now < deadline else {
                kill()
                throw HolderError(
                    description: "the helper could not lock \(path): \(said.isEmpty ? "no answer" : said)")
            }
            usleep(1_000)
        }
    }

    /// Stops the process (SIGSTOP), as the system suspends an app; it keeps the lock.
    package func suspend() { process.send(SIGSTOP) }

    /// Lets a stopped process go on (SIGCONT).
    package func resume() { process.send(SIGCONT) }

    /// Kills the process at once (SIGKILL), as a crash would, and waits until it is gone.
    package func kill() {
        process.killAndWait()
        directory.remove()
    }

    deinit {
        kill()
    }
}
