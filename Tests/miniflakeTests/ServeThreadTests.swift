#if CLI && Server
    import Foundation
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    /// `miniflake serve` runs as many event loops as the CPUs it may run on, or `--threads`
    /// (issue 41): SwiftNIO alone reads the cgroup quota and cpuset, not the affinity mask.
    @Suite struct ServeThreadTests {
        /// Kernel CPU lists, as `Cpus_allowed_list` writes them.
        @Test func cpuListsAreCounted() {
            #expect(ServeThreads.cpuCount(inList: "\t0-15") == 16)
            #expect(ServeThreads.cpuCount(inList: "0") == 1)
            #expect(ServeThreads.cpuCount(inList: "0-3,8,10-11") == 7)
            #expect(ServeThreads.cpuCount(inList: "") == nil)
            #expect(ServeThreads.cpuCount(inList: "3-1") == nil)
            #expect(ServeThreads.cpuCount(inList: "a-b") == nil)
        }

        /// `--threads` is read from the raw arguments before parsing; a malformed value is left
        /// to the parser, which refuses it.
        @Test func threadsOptionIsReadBeforeParsing() async {
            #expect(ServeThreads.requested(in: ["serve", "--threads", "3"]) == 3)
            #expect(ServeThreads.requested(in: ["serve", "--port", "0", "--threads=12"]) == 12)
            #expect(ServeThreads.requested(in: ["serve", "--threads", "0"]) == nil)
            #expect(ServeThreads.requested(in: ["serve", "--", "--threads", "3"]) == nil)
            #expect(ServeThreads.requested(in: ["serve"]) == nil)
            let run = await InProcessRun.run(["serve", "--threads", "0"])
            #expect(run.status == 2)
            #expect(run.stderr == "miniflake: invalid count '0' for --threads: give 1 to 1024\n")
        }

        #if os(Linux)
            /// The affinity mask of this process is read (every machine has at least one CPU).
            @Test func thisProcessHasAnAffinityMask() throws {
                let allowed = try #require(ServeThreads.affinityCPUCount())
                #expect(allowed >= 1)
                #expect(ServeThreads.defaultCount() <= allowed)
            }

            /// `taskset -c 0 miniflake serve` runs one event loop; `--threads 3` runs three.
            @Test func affinityAndOptionSizeTheEventLoops() throws {
                let directory = try TemporaryDirectory(prefix: "miniflake-serve-threads")
                defer { directory.remove() }
                let lease = "file:\(directory.path)"
                let pinned = try ServeProcess(lease: lease, launcher: ["/usr/bin/taskset", "-c", "0"])
                #expect(Self.eventLoopThreads(of: pinned.process.processIdentifier) == 1)
                #expect(pinned.log.contains("1 event loops"))
                #expect(pinned.terminate() == 0)
                let three = try ServeProcess(lease: lease, extraArguments: ["--threads", "3"])
                #expect(Self.eventLoopThreads(of: three.process.processIdentifier) == 3)
                #expect(three.log.contains("3 event loops"))
                #expect(three.terminate() == 0)
            }

            /// The threads of a process named as SwiftNIO names the loops of its shared group.
            static func eventLoopThreads(of pid: Int32) -> Int {
                let tasks = "/proc/\(pid)/task"
                let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
                return ids.filter { id in
                    let name = (try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8)) ?? ""
                    return name.hasPrefix("NIO-SGLTN-")
                }.count
            }
        #endif
    }
#endif
