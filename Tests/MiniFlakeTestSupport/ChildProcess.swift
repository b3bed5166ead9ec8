import Foundation
import MiniFlake

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for tests, started with `posix_spawn` and reaped with `waitpid`.
///
/// The child inherits the test process's environment (with the changes given) and, of its
/// descriptors, only the standard three, each the test's own or opened on a file or on
/// `/dev/null`. Every other descriptor of the test process (another child's pipe, a database
/// connection, a listening socket) is closed in the child, however many tests start children at
/// the same moment. Its end is its own exit, read with `waitpid`.
///
/// Foundation's `Process` on Linux gives neither: a child started while another thread opens
/// a descriptor inherits it, and it judges a child to have ended when a socket that the child
/// inherited closes, so a long-lived helper of one test (a `sleep 600` lock holder, a server)
/// that inherited another test's socket held that test's wait until it died. With both of the
/// cooperative pool's threads in such waits, the whole test run stalled.
package final class ChildProcess: Sendable {
    /// How a child ended.
    package enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal with this number ended it.
        case signaled(Int32)

        /// The exit status, or the signal's number, as Foundation's `terminationStatus` gives it.
        package var status: Int32 {
            switch self {
            case .exited(let status), .signaled(let status): status
            }
        }
    }

    /// Where one of the child's standard streams goes.
    package enum Stream: Sendable {
        /// `/dev/null`.
        case discarded
        /// A file: read from for standard input; appended to (made when missing) for output.
        case file(String)
        /// The test process's own stream.
        case inherited
    }

    /// Why a child could not be started.
    package struct SpawnError: Error, CustomStringConvertible {
        /// The program.
        package let executable: String
        /// The `errno` value `posix_spawn` or a file action answered.
        package let code: Int32

        package var description: String {
            "could not start \(executable): \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// The child's process identifier; never signalled once the child has been reaped.
    package let processIdentifier: pid_t
    /// How it ended, once reaped.
    private let ending = LockedValue<Ending?>(nil)

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: Variables to set on top of the test process's environment; `nil`
    ///     unsets one.
    ///   - standardInput: Where standard input comes from.
    ///   - standardOutput: Where standard output goes.
    ///   - standardError: Where standard error goes; it may name the standard output's file.
    package init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String?] = [:],
        standardInput: Stream = .discarded, standardOutput: Stream = .discarded, standardError: Stream = .discarded
    ) throws(SpawnError) {
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        let argumentPointers = ([executable] + arguments).map { strdup($0) }
        let environmentPointers = merged.map { strdup("\($0.key)=\($0.value)") }
        defer { for pointer in argumentPointers + environmentPointers { free(pointer) } }

        var actions = Self.makeFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = Self.makeAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let writing = O_WRONLY | O_CREAT | O_APPEND
        for (descriptor, stream, flags) in [
            (STDIN_FILENO, standardInput, O_RDONLY), (STDOUT_FILENO, standardOutput, writing),
            (STDERR_FILENO, standardError, writing),
        ] {
            let path: String
            switch stream {
            case .inherited: continue
            case .discarded: path = "/dev/null"
            case .file(let file): path = file
            }
            let opened = posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
            guard opened == 0 else { throw SpawnError(executable: executable, code: opened) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(
            &pid, executable, &actions, &attributes, argumentPointers + [nil], environmentPointers + [nil])
        guard spawned == 0 else { throw SpawnError(executable: executable, code: spawned) }
        processIdentifier = pid
    }

    /// How the child ended, or `nil` while it runs (it is reaped here when it has exited).
    package var endingIfExited: Ending? {
        reapIfExited()
    }

    /// Whether the child has not exited yet.
    package var isRunning: Bool {
        endingIfExited == nil
    }

    /// Waits until the child exits, blocking this thread; from async code, ``exit()``.
    @available(*, noasync, message: "blocks the thread; use exit() from async code")
    @discardableResult
    package func waitUntilExit() -> Ending {
        while true {
            if let ending = reapIfExited() { return ending }
            usleep(1_000)
        }
    }

    /// Waits until the child exits, suspending, so that no thread of the pool is held.
    @discardableResult
    package func exit() async -> Ending {
        while true {
            if let ending = reapIfExited() { return ending }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Sends `signal` to the child unless it has already been reaped (its identifier may
    /// belong to another process by then).
    package func send(_ signal: Int32) {
        ending.withLock { ending in
            if ending == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Sends SIGTERM, as a service manager asks a service to stop.
    package func terminate() {
        send(SIGTERM)
    }

    /// Kills the child at once with SIGKILL, as a crash would, and waits until it is gone.
    @available(*, noasync, message: "blocks the thread; send SIGKILL and await exit() from async code")
    @discardableResult
    package func killAndWait() -> Ending {
        send(SIGKILL)
        return waitUntilExit()
    }

    /// Reaps the child if it has exited; answers how it ended, or `nil` while it runs.
    private func reapIfExited() -> Ending? {
        ending.withLock { ending in
            if let ending { return ending }
            var status: Int32 = 0
            while true {
                let reaped = waitpid(processIdentifier, &status, WNOHANG)
                if reaped == 0 { return nil }
                if reaped == processIdentifier {
                    // The low seven bits are the signal that ended it, 0 for an exit.
                    let signal = status & 0x7f
                    ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
                    return ending
                }
                if errno == EINTR { continue }
                // ECHILD: nothing left to wait for; there is no status to report.
                ending = .exited(-1)
                return ending
            }
        }
    }
}

extension ChildProcess {
    #if canImport(Darwin)
        fileprivate typealias FileActions = posix_spawn_file_actions_t?
        fileprivate typealias Attributes = posix_spawnattr_t?
    #else
        fileprivate typealias FileActions = posix_spawn_file_actions_t
        fileprivate typealias Attributes = posix_spawnattr_t
    #endif

    /// File actions that first close every descriptor above the standard three.
    fileprivate static func makeFileActions() -> FileActions {
        #if canImport(Darwin)
            // The attributes' POSIX_SPAWN_CLOEXEC_DEFAULT closes the rest.
            var actions: FileActions = nil
            posix_spawn_file_actions_init(&actions)
        #else
            var actions = FileActions()
            posix_spawn_file_actions_init(&actions)
            if let closeFrom = closeFrom {
                _ = closeFrom(&actions, STDERR_FILENO + 1)
            } else {
                // A C library before glibc 2.34: close what is open now.
                let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                for descriptor in open.compactMap({ Int32($0) }) where descriptor > STDERR_FILENO {
                    posix_spawn_file_actions_addclose(&actions, descriptor)
                }
            }
        #endif
        return actions
    }

    /// Attributes that give the child the default action for every signal and no blocked
    /// signal, whatever the test process ignores or blocks; on Apple platforms, they also close
    /// every descriptor the file actions do not set up.
    fileprivate static func makeAttributes() -> Attributes {
        #if canImport(Darwin)
            var attributes: Attributes = nil
        #else
            var attributes = Attributes()
        #endif
        posix_spawnattr_init(&attributes)
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return attributes
    }

    #if !canImport(Darwin)
        fileprivate typealias FileActionsPointer = UnsafeMutablePointer<posix_spawn_file_actions_t>
        fileprivate typealias CloseFrom = @convention(c) (FileActionsPointer, Int32) -> Int32

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run
        /// time: its header declares it only for `_GNU_SOURCE`, which Swift's Glibc module does
        /// not define.
        fileprivate static let closeFrom: CloseFrom? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
                return nil
            }
            return unsafeBitCast(symbol, to: CloseFrom.self)
        }()
    #endif
}
