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
    enum Ending: String {
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
        func launchStorm() throws {
            let rig = try DeviceRig()
            var random = SeededGenerator(seed: 37)
            var all: [Int64] = []
            var worstLead: Int64 = 0
            var worstSinceLaunch: Int64 = 0
            var recoveries: [String] = []
            var temporaryFiles = 0
            var endings: [Ending: Int] = [:]
            let started = ContinuousClock.now
            for index in 0..<600 {
                let ending: Ending = index % 5 == 4 ? .kill : index % 2 == 0 ? .close : .exit
                let count = ending == .kill ? 1 : Int(random.next() % 3)
                let launch = try Self.launch(ending: ending, count: count, directory: rig.path, rig: rig, index: index)
                endings[ending, default: 0] += 1
                if let recovery = launch.recovery { recoveries.append("launch \(index): \(recovery)") }
                for (id, clock) in zip(launch.ids, launch.clocks) {
                    let time = FlakeLayout.miniFlake.parts(of: FlakeID(rawValue: id)!).millisecondsSince1970
                    worstLead = max(worstLead, time - clock)
                    worstSinceLaunch = max(worstSinceLaunch, time - launch.startedAt)
                }
                all += launch.ids
                if ending != .kill {
                    let names = try FileManager.default.contentsOfDirectory(atPath: rig.path)
                    temporaryFiles += names.filter { $0.hasSuffix(".tmp") }.count
                }
            }
            let elapsed = ContinuousClock.now - started
            print(
                "launch storm: 600 launches (\(endings[.close] ?? 0) closed, \(endings[.exit] ?? 0) exited without close(), \(endings[.kill] ?? 0) SIGKILLed) in \(elapsed): \(all.count) IDs, worst lead over the clock \(worstLead) ms (\(worstSinceLaunch) ms after the launch began), \(recoveries.count) recoveries, \(all.count - Set(all).count) duplicates, \(temporaryFiles) temporary files"
            )
            #expect(Set(all).count == all.count, "an identifier was issued twice")
            #expect(all == all.sorted(), "a launch went below an earlier one")
            #expect(worstLead <= 250, "an ID was \(worstLead) ms ahead of the clock")
            #expect(recoveries.isEmpty, "\(recoveries.prefix(3))")
            #expect(temporaryFiles == 0)
        }

        @Test(
            "processes that exit while reserving ahead in the background leave no temporary file",
            .enabled(if: !isChild))
        func exitDuringBackgroundReservation() throws {
            let rig = try DeviceRig()
            var all: [Int64] = []
            for index in 0..<12 {
                // 300,000 IDs run far ahead of the clock: windows grow and are reserved ahead.
                let launch = try Self.launch(
                    ending: .exit, count: 300_000, directory: rig.path, rig: rig, index: index)
                all += launch.ids
                let names = try FileManager.default.contentsOfDirectory(atPath: rig.path)
                #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty, "launch \(index): \(names)")
            }
            #expect(Set(all).count == all.count)
        }

        /// What one launch wrote: when it started, what it recovered from, the IDs it made and
        /// the clock (ms since 1970) just before each was asked for.
        struct Launch {
            var startedAt: Int64
            var recovery: String?
            var ids: [Int64] = []
            var clocks: [Int64] = []
        }

        /// Runs one launch to its end and reads what it wrote.
        static func launch(ending: Ending, count: Int, directory: String, rig: DeviceRig, index: Int) throws -> Launch {
            let output = rig.directory.appending("launch-\(index).txt").path
            let child = Process()
            child.executableURL = URL(
                fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            child.arguments = ["--testing-library", "swift-testing", "--filter", "DeviceLaunchStormTests/childLaunch"]
            child.environment = environment.merging([
                "MINIFLAKE_STORM_DIRECTORY": directory, "MINIFLAKE_STORM_OUTPUT": output,
                "MINIFLAKE_STORM_ENDING": ending.rawValue, "MINIFLAKE_STORM_COUNT": "\(count)",
            ]) { $1 }
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            if ending == .kill {
                let deadline = ContinuousClock.now + .seconds(30)
                while !((try? String(contentsOfFile: output, encoding: .utf8))?.contains("ready\n") ?? false) {
                    guard ContinuousClock.now < deadline, child.isRunning else { break }
                    usleep(200)
                }
                kill(child.processIdentifier, SIGKILL)
            }
            child.waitUntilExit()
            if ending != .kill { #expect(child.terminationStatus == 0, "launch \(index) failed") }
            var launch = Launch(startedAt: 0, recovery: nil)
            for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                switch parts.first {
                case "started": launch.startedAt = Int64(parts[1]) ?? 0
                case "recovery": launch.recovery = String(parts[1])
                case "id":
                    let fields = parts[1].split(separator: " ")
                    launch.ids.append(Int64(fields[0]) ?? -1)
                    launch.clocks.append(fields.count > 1 ? Int64(fields[1]) ?? 0 : 0)
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
                write("id \(try issuer.nextBlocking().rawValue) \(before)")
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
