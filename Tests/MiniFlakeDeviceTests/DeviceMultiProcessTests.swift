import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

/// Real processes on one directory: the test binary runs itself once per process, each
/// running only ``childIssuer()`` (enabled by the environment variables the parent sets).
@Suite("Device issuer: several processes at once")
struct DeviceMultiProcessTests {
    static let environment = ProcessInfo.processInfo.environment

    #if os(Linux)
        @Test("app, two extensions and a second app process launched at the same moment: no ID twice")
        func processesRace() async throws {
            let rig = try DeviceRig()
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let kinds = ["app", "share", "widget", "app"]
            let startAt = Int64(Date().timeIntervalSince1970 * 1000) + 1500
            var children: [(ChildProcess, String)] = []
            for (index, kind) in kinds.enumerated() {
                let output = rig.directory.appending("ids-\(index).txt").path
                let child = try ChildProcess(
                    executable,
                    ["--testing-library", "swift-testing", "--filter", "DeviceMultiProcessTests/childIssuer"],
                    environment: [
                        "MINIFLAKE_DEVICE_CHILD_DIRECTORY": rig.path, "MINIFLAKE_DEVICE_CHILD_KIND": kind,
                        "MINIFLAKE_DEVICE_CHILD_OUTPUT": output, "MINIFLAKE_DEVICE_CHILD_START": "\(startAt)",
                    ])
                children.append((child, output))
            }
            var all = Set<Int64>()
            var total = 0
            var numbers: [String: Set<Int>] = [:]
            var installations: [String: Set<String>] = [:]
            for (child, output) in children {
                // Each child stops on its own: it throws rather than loop forever.
                #expect(await child.exit() == .exited(0))
                let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
                let header = try #require(lines.first).split(separator: " ").map(String.init)
                let ids = lines.dropFirst().compactMap { Int64($0) }
                #expect(ids.count == 10_000)
                installations[header[0], default: []].insert(header[1])
                numbers[header[0], default: []].formUnion(
                    ids.map { FlakeLayout.miniFlake.parts(of: FlakeID(rawValue: $0)!).instanceNumber })
                all.formUnion(ids)
                total += ids.count
            }
            #expect(all.count == total, "an identifier was issued twice")
            #expect(installations.values.allSatisfy { $0.count == 1 })
            let used = Array(numbers.values)
            for (a, first) in used.enumerated() {
                for second in used[(a + 1)...] { #expect(first.isDisjoint(with: second)) }
            }
        }
    #endif

    /// One child process: waits for the agreed moment, makes an issuer, issues 10,000 IDs and
    /// writes `KIND INSTALLATION` and then the IDs to its output file.
    @Test(.enabled(if: environment["MINIFLAKE_DEVICE_CHILD_DIRECTORY"] != nil))
    func childIssuer() throws {
        let directory = try #require(Self.environment["MINIFLAKE_DEVICE_CHILD_DIRECTORY"])
        let kind = try #require(Self.environment["MINIFLAKE_DEVICE_CHILD_KIND"])
        let output = try #require(Self.environment["MINIFLAKE_DEVICE_CHILD_OUTPUT"])
        let start = try #require(Self.environment["MINIFLAKE_DEVICE_CHILD_START"].flatMap { Int64($0) })
        while Int64(Date().timeIntervalSince1970 * 1000) < start { usleep(100) }
        let settings = DeviceFlakeIssuer.Configuration(reservation: .milliseconds(2), lockWaitLimit: .seconds(10))
        let issuer = try DeviceFlakeIssuer(
            directory: directory, processKind: kind, deviceKey: FixedDeviceKey("device"), configuration: settings)
        var lines = ["\(kind) \(issuer.installation)"]
        let deadline = ContinuousClock.now + .seconds(60)
        while lines.count <= 10_000 {
            do {
                lines.append(String(try issuer.nextBlocking().rawValue))
            } catch {
                guard error.isRetryable, ContinuousClock.now < deadline else { throw error }
                usleep(1000)
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: output, atomically: true, encoding: .utf8)
    }
}
