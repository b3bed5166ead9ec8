import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

@Suite("Device issuer: clones, bad state files, device keys")
struct DeviceStateFileTests {
    @Test("a backup restored onto a second device becomes a new installation, keeping the mark")
    func backupOntoSecondDevice() throws {
        let rig = try DeviceRig()
        let original = try rig.issuer(device: "phone")
        try original.adoptBlocking(registration(original, account: "alice", instance: 4))
        let made = try issue(original, 1_000)
        let copy = rig.directory.path + "/restored"
        try FileManager.default.copyItem(atPath: rig.path, toPath: copy)

        let clone = try rig.issuer(device: "tablet", directory: copy)
        #expect(clone.launchRecovery?.code == .deviceChanged)
        #expect(clone.installation != original.installation)
        #expect(clone.currentInstanceNumber != 4)
        #expect(clone.needsRegistration)
        #expect(clone.account?.text == "alice")
        #expect(clone.markTick >= original.markTick)
        #expect(clone.leftBehind.map(\.installation) == [original.installation])
        #expect(clone.leftBehind.first?.account?.text == "alice")
        let cloneIDs = try issue(clone, 1_000)
        #expect(cloneIDs[0] > made.last!)
        #expect(try !rig.stateText(directory: copy).contains(FixedDeviceKey("tablet").key))

        // The original device carries on as before, and the clone is recognised only once.
        let relaunched = try rig.issuer(device: "phone")
        #expect(relaunched.launchRecovery == nil && relaunched.installation == original.installation)
        #expect(try rig.issuer(device: "tablet", directory: copy).launchRecovery == nil)
    }

    @Test(
        "garbage, truncated and tampered state files start a fresh installation above what can be read",
        arguments: [
            "\u{0}\u{1}garbage",
            "",
            "miniflake-device-state 1\nlayout miniflake 1519862400000 1\ninstallation 0123",
            "miniflake-device-state 1\nlayout miniflake 1519862400000 1\ninstallation 0123456789abcdef0123456789abcdef\ndevice-key 0123456789abcdef0123456789abcdef\ninstance 5000\nregistered 0\nmark 10\n",
            "miniflake-device-state 1\nlayout miniflake 1519862400000 1\ninstallation 0123456789abcdef0123456789abcdef\ndevice-key 0123456789abcdef0123456789abcdef\ninstance 700\nregistered 0\nmark 99999999999999999\n",
            "miniflake-device-state 1\nlayout twitter 1288834974657 1\ninstallation 0123456789abcdef0123456789abcdef\ndevice-key 0123456789abcdef0123456789abcdef\ninstance 700\nregistered 0\nmark 10\n",
            // A left-behind installation whose account is not a registry name (over 128 bytes).
            "miniflake-device-state 1\nlayout miniflake 1519862400000 1\ninstallation 0123456789abcdef0123456789abcdef\ndevice-key 0123456789abcdef0123456789abcdef\ninstance 700\nregistered 0\nmark 10\nleft-behind 00112233445566778899aabbccddeeff 701 10 "
                + String(repeating: "a", count: 200) + "\n",
        ])
    func unreadableState(text: String) throws {
        let rig = try DeviceRig()
        try FileManager.default.createDirectory(atPath: rig.path, withIntermediateDirectories: true)
        try rig.writeState(text)
        let issuer = try rig.issuer()
        #expect(issuer.launchRecovery?.code == .unreadableState)
        #expect(issuer.needsRegistration)
        #expect(issuer.currentInstanceNumber != 700)
        #expect(FileManager.default.fileExists(atPath: rig.path + "/miniflake-app.state.unreadable"))
        _ = try issuer.nextBlocking()
        #expect(try rig.issuer().launchRecovery == nil)
    }

    @Test("a truncated file's readable mark is kept as a floor and its number avoided")
    func truncatedKeepsFloor() throws {
        let rig = try DeviceRig()
        rig.advance(minutes: 3)
        let first = try rig.issuer()
        let made = try issue(first, 100)
        let text = try rig.stateText()
        rig.advance(minutes: -3)
        // Cut after the mark line: the fingerprint line survives, the "registered" flag is gone.
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("registered") }
        try rig.writeState(lines.joined(separator: "\n"))
        let recovered = try rig.issuer()
        #expect(recovered.launchRecovery?.code == .unreadableState)
        #expect(recovered.currentInstanceNumber != first.currentInstanceNumber)
        #expect(
            recovered.layout.parts(of: try recovered.nextBlocking()).tick > recovered.layout.parts(of: made.last!).tick)
    }

    @Test("a garbled state file over 1 MiB is set aside like an unreadable one, the new mark above every readable one")
    func oversizedState() throws {
        let rig = try DeviceRig()
        rig.advance(minutes: 5)  // both marks a little ahead of the clock, within the lead
        let first = try rig.issuer()
        _ = try issue(first, 100)
        let readable = try rig.stateText()
        rig.advance(minutes: 2)  // the other kind's mark is the higher one
        let share = try rig.issuer(kind: "share")
        _ = try issue(share, 100)
        rig.advance(minutes: -7)
        // A readable state, then 2 MiB of garbage: only the first 1 MiB is read.
        try rig.writeState(readable + String(repeating: "\u{1}garbage\u{0} ", count: 2 << 17))
        let issuer = try rig.issuer()
        let recovery = try #require(issuer.launchRecovery)
        #expect(recovery.code == .unreadableState && recovery.message.contains("1 MiB"))
        let setAside = try FileManager.default.attributesOfItem(atPath: rig.path + "/miniflake-app.state.unreadable")
        #expect((setAside[.size] as? Int ?? 0) > 2 << 20)
        #expect(issuer.needsRegistration && issuer.installation != first.installation)
        #expect(issuer.currentInstanceNumber != first.currentInstanceNumber)
        #expect(issuer.currentInstanceNumber != share.currentInstanceNumber)
        let tick = issuer.layout.parts(of: try issuer.nextBlocking()).tick
        #expect(share.markTick > first.markTick && tick >= share.markTick)
        #expect(try rig.issuer().launchRecovery == nil)

        // Another kind's oversized file locks no one else out.
        try rig.writeState(String(repeating: "\u{2}", count: 2 << 20), kind: "share")
        let relaunched = try rig.issuer()
        #expect(relaunched.launchRecovery == nil && relaunched.installation == issuer.installation)
        _ = try relaunched.nextBlocking()
        #expect(try rig.issuer(kind: "share").launchRecovery?.code == .unreadableState)
    }

    @Test("temporary files left by writes killed before their rename are removed at launch, the state kept")
    func staleTemporaryFiles() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let made = try issue(first, 100)
        _ = try rig.issuer(kind: "share")
        let stale = [
            "miniflake-app.state.4242-17.tmp", "miniflake-app.state.77-4294967295.tmp",
            "miniflake-share.state.1-2.tmp", "miniflake-widget.state.31337-0.tmp",
        ]
        let kept = ["notes.tmp", "miniflake-app.state.unreadable", "miniflake-app.state.x-1.tmp"]
        for name in stale + kept {
            try "miniflake-device-state 1\nlayout".write(
                toFile: "\(rig.path)/\(name)", atomically: false, encoding: .utf8)
        }
        let relaunched = try rig.issuer()
        #expect(relaunched.launchRecovery == nil && relaunched.installation == first.installation)
        #expect(try relaunched.nextBlocking() > made.last!)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: rig.path))
        #expect(names.isDisjoint(with: stale), "\(names.sorted())")
        #expect(names.isSuperset(of: kept + ["miniflake-app.state", "miniflake-share.state"]))
        #expect(try rig.issuer(kind: "share").launchRecovery == nil)
    }

    @Test("a mark from the far future (inside the layout) leaves the number for a fresh one")
    func farFutureMark() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let text = try rig.stateText()
        let future = FlakeLayout.miniFlake.maximumTick - 5
        let tampered = text.split(separator: "\n").map { $0.hasPrefix("mark ") ? "mark \(future)" : String($0) }
        try rig.writeState(tampered.joined(separator: "\n") + "\n")
        let issuer = try rig.issuer()
        #expect(issuer.launchRecovery?.code == .clockFarBehindMark)
        #expect(issuer.currentInstanceNumber != first.currentInstanceNumber)
        #expect(issuer.markTick < future)
        _ = try issuer.nextBlocking()
    }

    @Test("a state file of a newer version is a typed error and is left untouched")
    func newerVersion() throws {
        let rig = try DeviceRig()
        try FileManager.default.createDirectory(atPath: rig.path, withIntermediateDirectories: true)
        try rig.writeState("miniflake-device-state 2\nwhatever\n")
        #expect {
            try rig.issuer()
        } throws: { ($0 as? DeviceStateError)?.code == .unsupportedVersion }
        #expect(try rig.stateText() == "miniflake-device-state 2\nwhatever\n")
    }

    @Test(
        "process kinds are validated",
        arguments: ["", "App", "share extension", "a/b", String(repeating: "x", count: 33)])
    func invalidKind(kind: String) throws {
        let rig = try DeviceRig()
        #expect {
            try rig.issuer(kind: kind)
        } throws: { ($0 as? DeviceStateError)?.code == .invalidProcessKind }
    }

    @Test("a device key that cannot be read is a typed error")
    func deviceKeyUnavailable() throws {
        let rig = try DeviceRig()
        try Data().write(to: rig.directory.appending("empty-key"))
        #expect {
            try DeviceFlakeIssuer(
                directory: rig.path, deviceKey: FileDeviceKey(path: rig.directory.appending("empty-key").path),
                configuration: rig.settings)
        } throws: { ($0 as? DeviceStateError)?.code == .deviceKeyUnavailable }
    }

    @Test("a file device key is made once and read back; another path is another device")
    func fileDeviceKey() throws {
        let rig = try DeviceRig()
        let path = rig.directory.appending("keys/device-key").path
        let key = try FileDeviceKey(path: path).deviceKey()
        #expect(key.count == 32)
        #expect(try FileDeviceKey(path: path).deviceKey() == key)
        #expect(try FileDeviceKey(path: rig.directory.appending("other/device-key").path).deviceKey() != key)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
