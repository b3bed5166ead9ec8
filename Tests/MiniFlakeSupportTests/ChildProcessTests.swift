import Foundation
import MiniFlakeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ChildProcess: the tests' children inherit nothing and end when they exit")
struct ChildProcessTests {
    @Test("a child inherits no descriptor of the test process: a pipe's reader sees its end while the child runs")
    func inheritsNoDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // The write end is open (and not close-on-exec) while the child starts.
        let child = try ChildProcess("/bin/sleep", ["30"])
        defer { child.killAndWait() }
        close(ends[1])
        var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&reader, 1, 5_000) == 1, "the child still holds the pipe's write end")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
        #expect(child.isRunning)
    }

    @Test("a child has ended when it exits, though a process it left behind holds its streams")
    func endsAtItsOwnExit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.appending("output").path
        let child = try ChildProcess(
            "/bin/sh", ["-c", "echo \"$CHILD_PROCESS_TEST\"; sleep 600 & echo $!; exit 7"],
            environment: ["CHILD_PROCESS_TEST": "set"], standardOutput: .file(output))
        #expect(await child.exit() == .exited(7))
        // The background `sleep` still holds the child's standard output: the end seen was the
        // child's own, not that of every process holding its descriptors. (It sleeps for 10
        // minutes, killed below, since a loaded test run can hold this task up for a minute.)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "set")
        let heir = try #require(lines.dropFirst().first.flatMap { pid_t($0) })
        #expect(kill(heir, 0) == 0, "the process the child left behind has ended too")
        kill(heir, SIGKILL)
        #expect(!child.isRunning)
    }

    @Test("a signal ends a child, and a reaped child is never signalled again")
    func signalled() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        #expect(child.isRunning && child.endingIfExited == nil)
        child.send(SIGKILL)
        #expect(await child.exit() == .signaled(SIGKILL))
        #expect(await child.exit().status == SIGKILL)
        child.terminate()
        #expect(child.endingIfExited == .signaled(SIGKILL))
    }

    @Test("a program that cannot be started is a typed error")
    func missingProgram() {
        #expect(throws: ChildProcess.SpawnError.self) {
            _ = try ChildProcess("/nonexistent/miniflake-child")
        }
    }
}
