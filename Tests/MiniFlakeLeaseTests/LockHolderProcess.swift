import Foundation
import MiniFlakeTestSupport

/// Another process holding a file lease's lock: a shell that opens the lock file, locks it
/// with `flock` (util-linux), reports it, and turns into `sleep` (keeping the descriptor, so a
/// single process holds the lock until it dies).
final class LockHolderProcess {
    let process = Process()
    private let output = Pipe()

    /// Starts the process and waits until it holds the lock.
    init(lockFile path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "exec 9>>\"$0\" && flock -n 9 && echo locked && exec sleep 600 || echo busy", path,
        ]
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self)
        guard line.hasPrefix("locked") else {
            process.terminate()
            throw HolderError(message: "the helper could not lock \(path): \(line)")
        }
    }

    /// Kills the process at once (SIGKILL), as a crash would, and waits until it is gone.
    func kill() {
        process.killAndWait()
    }

    deinit {
        kill()
    }

    struct HolderError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
