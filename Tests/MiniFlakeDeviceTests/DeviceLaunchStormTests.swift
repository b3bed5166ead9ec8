import Foundation
import MiniFlakeDevice
import MiniFlakeTestSupport
import Testing

/// An installation launched hundreds of times in a row, as a widget, a share extension or a
/// crash loop launches it: real processes on one directory, with the system clock. The test
/// binary runs itself once per launch, each running only ``childLaunch()`` (enabled by the
/// environment variables the parent sets; the parents' tests are disabled there).
@Suite("Device issuer: hundreds of launches of one installation")
struct DeviceLaunchStormTests {
    static let environment = ProcessInfo.processInfo.environment
    /// Whether this process is a launch started by one of the tests below.
    static let isChild = environment["MINIFLAKE_STORM_DIRECTORY"] != nil

    /// How a launched process ends.
    enum Ending: String, Sendable {
        /// `close()`, then a normal exit.
        case close
        /// A normal exit without `close()`.
        case exit
        /// SIGKILL from the parent once the first identifier is out.
        case kill
    }

    #if os(Linux)
        @Test(
            "600 launches of 0-2 IDs, 1 in 5 SIGKILLed: at the clock, no recovery, no repeat, no temporary file",
            .enabled(if: !isChild))
        func launchStorm() async throws {
            let rig = try DeviceRig()
            let storm = try await offThePool { try Self.storm(rig: rig) }
            let ids = storm.launches.flatMap(\.ids)
            // An ID's lead lies between its time less the clock after the call returned and its
            // time less the clock before the call: on a loaded machine a call can take long (a
            // reservation's write), which only the second counts.
            var worstLead: Int64 = 0
            var worstLeadBeforeCall: Int64 = 0
            var worstSinceLaunch: Int64 = 0
            for launch in storm.launches {
                for (index, id) in launch.ids.enumerated() {
                    let time = FlakeLayout.miniFlake.parts(of: FlakeID(rawValue: id)!).millisecondsSince1970
                    worstLead = max(worstLead, time - launch.returned[index])
                    worstLeadBeforeCall = max(worstLeadBeforeCall, time - launch.clocks[index])
                    worstSinceLaunch = max(worstSinceLaunch, time - launch.startedAt)
                }
            }
            let recoveries = storm.launches.enumerated().compactMap { index, launch in
                launch.recovery.map { "launch \(index): \($0)" }
            }
            let failed = storm.launches.enumerated().filter { $1.ending != .kill && $1.exitStatus != 0 }.map(\.offset)
            let count = { (ending: Ending) in storm.launches.filter { $0.ending == ending }.count }
            print(
                "launch storm: 600 launches (\(count(.close)) closed, \(count(.exit)) exited without close(), \(count(.kill)) SIGKILLed) in \(storm.elapsed): \(ids.count) IDs, worst lead over the clock when the call returned \(worstLead) ms (\(worstLeadBeforeCall) ms over the clock before the call, \(worstSinceLaunch) ms after the launch began), \(recoveries.count) recoveries, \(ids.count - Set(ids).count) duplicates, \(storm.temporaryFiles) temporary files"
            )
            #expect(failed.isEmpty, "launches that failed: \(failed.prefix(5))")
            #expect(Set(ids).count == ids.count, "an identifier was issued twice")
            #expect(ids == ids.sorted(), "a launch went below an earlier one")
            #expect(worstLead <= 250, "an ID was \(worstLead) ms ahead of the clock")
            #expect(recoveries.isEmpty, "\(recoveries.prefix(3))")
            #expect(storm.temporaryFiles == 0)
        }

        /// The launches of ``launchStorm()``, one after another, and the temporary files seen
        /// after the normal exits.
        static func storm(rig: DeviceRig) throws -> (launches: [Launch], temporaryFiles: Int, elapsed: Duration) {
            var random = SeededGenerator(seed: 37)
            var launches: [Launch] = []
            var temporaryFiles = 0
            let started = ContinuousClock.now
            for index in 0..<600 {
                let ending: Ending = index % 5 == 4 ? .kill : index % 2 == 0 ? .close : .exit
                let count = ending == .kill ? 1 : Int(random.next() % 3)
                launches.append(try launch(ending: ending, count: count, rig: rig, index: index))
                if ending != .kill { temporaryFiles += try Self.temporaryFiles(in: rig.path).count }
            }
            return (launches, temporaryFiles, ContinuousClock.now - started)
        }

        @Test(
            "processes that exit while reserving ahead in the background leave no temporary file",
            .enabled(if: !isChild))
        func exitDuringBackgroundReservation() async throws {
            let rig = try DeviceRig()
            let (launches, leftovers) = try await offThePool { () throws -> ([Launch], [[String]]) in
                var launches: [Launch] = []
                var leftovers: [[String]] = []
                for index in 0..<12 {
                    // 300,000 IDs run far ahead of the clock: windows grow and are reserved ahead.
                    launches.append(try Self.launch(ending: .exit, count: 300_000, rig: rig, index: index))
                    leftovers.append(try Self.temporaryFiles(in: rig.path))
                }
                return (launches, leftovers)
            }
            #expect(launches.allSatisfy { $0.exitStatus == 0 })
            #expect(leftovers.allSatisfy { $0.isEmpty }, "\(leftovers)")
            let ids = launches.flatMap(\.ids)
            #expect(ids.count == 12 * 300_000 && Set(ids).count == ids.count)
        }

        /// The state writes' temporary files in a directory.
        static func temporaryFiles(in directory: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
        }

        /// Runs `body` on a thread of its own and waits for it without holding a thread of
        /// Swift's cooperative pool: the launches take minutes of waiting on child processes.
        func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
            try await withCheckedThrowingContinuation { continuation in
                Thread { continuation.resume(with: Result { try body() }) }.start()
            }
        }

        /// What one launch wrote: when it started, what it recovered from, the IDs it made and
        /// the clock (ms since 1970) just before each was asked for.
        struct Launch: Sendable {
            var ending: Ending
            var exitStatus: Int32 = 0
            var startedAt: Int64
            var recovery: String?
            var ids: [Int64] = []
            var clocks: [Int64] = []
            /// The clock just after each call returned.
            var returned: [Int64] = []
        }

        /// Runs one launch to its end and reads what it wrote.
        static func launch(ending: Ending, count: Int, rig: DeviceRig, index: Int) throws -> Launch {
            let output = rig.directory.appending("launch-\(index).txt").path
            let child = try ChildProcess(
                try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
                ["--testing-library", "swift-testing", "--filter", "DeviceLaunchStormTests/childLaunch"],
                environment: [
                    "MINIFLAKE_STORM_DIRECTORY": rig.path, "MINIFLAKE_STORM_OUTPUT": output,
                    "MINIFLAKE_STORM_ENDING": ending.rawValue, "MINIFLAKE_STORM_COUNT": "\(count)",
                ])
            if ending == .kill {
                let deadline = ContinuousClock.now + .seconds(30)
                while !((try? String(contentsOfFile: output, encoding: .utf8))?.contains("ready\n") ?? false) {
                    guard ContinuousClock.now < deadline, child.isRunning else { break }
                    usleep(200)
                }
                child.send(SIGKILL)
            }
            let exitStatus = child.waitUntilExit().status
            var launch = Launch(ending: ending, exitStatus: exitStatus, startedAt: 0, recovery: nil)
            for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                switch parts.first {
                case "started": launch.startedAt = Int64(parts[1]) ?? 0
                case "recovery": launch.recovery = String(parts[1])
                case "id":
                    let fields = parts[1].split(separator: " ")
                    launch.ids.append(Int64(fields[0]) ?? -1)
                    launch.clocks.append(fields.count > 1 ? Int64(fields[1]) ?? 0 : 0)
                    launch.returned.append(fields.count > 2 ? Int64(fields[2]) ?? 0 : 0)
                default: break
                }
            }
            return launch
        }
    #endif

    /// One launch: notes the clock, opens the issuer, makes its IDs, and ends as told.
    @Test(.enabled(if: isChild))
    func childLaunch() throws {
        func clock() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
        let startedAt = clock()
        let directory = try #require(Self.environment["MINIFLAKE_STORM_DIRECTORY"])
        let path = try #require(Self.environment["MINIFLAKE_STORM_OUTPUT"])
        let ending = try #require(Self.environment["MINIFLAKE_STORM_ENDING"].flatMap(Ending.init(rawValue:)))
        let count = try #require(Self.environment["MINIFLAKE_STORM_COUNT"].flatMap { Int($0) })
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        func write(_ line: String) { output.write(Data((line + "\n").utf8)) }
        write("started \(startedAt)")
        let issuer = try DeviceFlakeIssuer(
            directory: directory, processKind: "widget", deviceKey: FixedDeviceKey("device"),
            configuration: .init(lockWaitLimit: .seconds(5)))
        if let recovery = issuer.launchRecovery { write("recovery \(recovery)") }
        write("opened \(clock()) \(issuer.markTick)")
        var ids: [Int64] = []
        ids.reserveCapacity(count)
        if count <= 2 {
            for _ in 0..<count {
                let before = clock()
                let id = try issuer.nextBlocking().rawValue
                write("id \(id) \(before) \(clock())")
            }
        } else {
            for _ in 0..<count { ids.append(try issuer.nextBlocking().rawValue) }
            output.write(Data(ids.map { "id \($0)\n" }.joined().utf8))
        }
        switch ending {
        case .kill:
            write("ready")
            Thread.sleep(forTimeInterval: 30)  // the parent kills it before then
        case .close:
            try issuer.closeBlocking()
        case .exit:
            break
        }
    }
}
