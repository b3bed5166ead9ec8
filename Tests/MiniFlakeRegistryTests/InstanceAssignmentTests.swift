import MiniFlake
import MiniFlakeRegistry
import Testing

/// The pure assignment rules, rule by rule.
@Suite("Instance assignment")
struct InstanceAssignmentTests {
    private static let now: Int64 = 1_000_000
    private static let horizon: Int64 = 1_000

    private static func name(_ text: String) throws -> RegistryName { try RegistryName(text) }

    private static func holder(_ text: String, _ instance: Int, retired: Int64? = nil) throws
        -> InstanceAssignment.Holder
    {
        InstanceAssignment.Holder(installation: try name(text), instance: instance, retiredAtMilliseconds: retired)
    }

    private static func decide(
        _ installation: String, provisional: Int? = nil, holders: [InstanceAssignment.Holder],
        count: Int = 8, now: Int64 = now
    ) throws -> InstanceAssignment.Decision {
        try InstanceAssignment.decide(
            for: name(installation), provisionalInstance: provisional, holders: holders, instanceCount: count,
            nowMilliseconds: now, reuseHorizonMilliseconds: horizon)
    }

    @Test("a live pair keeps its number, whatever it offers")
    func existing() throws {
        let holders = [try Self.holder("a", 3), try Self.holder("b", 0)]
        #expect(try Self.decide("a", provisional: 6, holders: holders) == .existing(instance: 3))
    }

    @Test("rule 1: a retired pair comes back to its number when no live installation holds it")
    func ownNumberBack() throws {
        let holders = [try Self.holder("a", 3, retired: 10), try Self.holder("b", 0)]
        #expect(try Self.decide("a", provisional: 6, holders: holders) == .assign(instance: 3, forgetting: nil))
    }

    @Test("rule 1 does not apply when a live installation holds the old number, or it left the layout")
    func ownNumberTaken() throws {
        let holders = [try Self.holder("a", 3, retired: 10), try Self.holder("b", 3)]
        #expect(try Self.decide("a", provisional: 6, holders: holders) == .assign(instance: 6, forgetting: nil))
        let outside = [try Self.holder("a", 12, retired: 10)]
        #expect(try Self.decide("a", holders: outside) == .assign(instance: 0, forgetting: nil))
    }

    @Test("rule 2: the provisional number when no installation holds it, live or retired")
    func provisional() throws {
        #expect(try Self.decide("a", provisional: 5, holders: []) == .assign(instance: 5, forgetting: nil))
        let live = [try Self.holder("b", 5)]
        #expect(try Self.decide("a", provisional: 5, holders: live) == .assign(instance: 0, forgetting: nil))
        let retired = [try Self.holder("b", 5, retired: 1)]
        #expect(try Self.decide("a", provisional: 5, holders: retired) == .assign(instance: 0, forgetting: nil))
    }

    @Test("rule 3: the lowest number no installation holds")
    func lowestFree() throws {
        let holders = [try Self.holder("b", 0), try Self.holder("c", 1, retired: 1), try Self.holder("d", 3)]
        #expect(try Self.decide("a", holders: holders) == .assign(instance: 2, forgetting: nil))
    }

    @Test("rule 4: with none free, the oldest retirement past the horizon, exactly at it included")
    func reuse() throws {
        var holders = try (0..<8).map { try Self.holder("h\($0)", $0) }
        holders[5].retiredAtMilliseconds = Self.now - Self.horizon
        holders[2].retiredAtMilliseconds = Self.now - Self.horizon + 1
        #expect(try Self.decide("a", holders: holders) == .assign(instance: 5, forgetting: try Self.name("h5")))
        holders[2].retiredAtMilliseconds = Self.now - Self.horizon
        // Two retirements of the same age: the lower number.
        #expect(try Self.decide("a", holders: holders) == .assign(instance: 2, forgetting: try Self.name("h2")))
    }

    @Test("rule 5: none free and no retirement past the horizon: no_free_instance")
    func full() throws {
        var holders = try (0..<8).map { try Self.holder("h\($0)", $0) }
        holders[4].retiredAtMilliseconds = Self.now - Self.horizon + 1
        #expect {
            try Self.decide("a", provisional: 4, holders: holders)
        } throws: { ($0 as? InstanceRegistryError)?.code == .noFreeInstance }
        holders[4].retiredAtMilliseconds = Int64.max - 10
        #expect(throws: InstanceRegistryError.self) { try Self.decide("a", holders: holders, now: Int64.max) }
    }

    @Test("a retired number that a live installation holds too is never reused")
    func retiredButLive() throws {
        var holders = try (0..<8).map { try Self.holder("h\($0)", $0) }
        holders.append(try Self.holder("old", 3, retired: 0))
        #expect(throws: InstanceRegistryError.self) { try Self.decide("a", holders: holders) }
    }

    @Test("a retired number outside the layout is never reused")
    func retiredOutsideLayout() throws {
        var holders = try (0..<8).map { try Self.holder("h\($0)", $0) }
        holders.append(try Self.holder("old", 9, retired: 0))
        #expect(throws: InstanceRegistryError.self) { try Self.decide("a", holders: holders) }
    }

    @Test("a provisional number outside the layout is refused", arguments: [-1, 8, 1_000, Int.min, Int.max])
    func outOfRange(provisional: Int) throws {
        #expect {
            try Self.decide("a", provisional: provisional, holders: [])
        } throws: { ($0 as? InstanceRegistryError)?.code == .instanceOutOfRange }
    }

    @Test("checkProvisional refuses what decide refuses, and nothing else")
    func checkProvisional() throws {
        for provisional in [nil, 0, 7] {
            try InstanceAssignment.checkProvisional(provisional, instanceCount: 8)
        }
        for provisional in [-1, 8] {
            #expect {
                try InstanceAssignment.checkProvisional(provisional, instanceCount: 8)
            } throws: { ($0 as? InstanceRegistryError)?.code == .instanceOutOfRange }
        }
    }

    @Test("provisional numbers come from the upper half")
    func provisionalRange() {
        #expect(InstanceAssignment.provisionalRange(instanceCount: 1_024) == 512..<1_024)
        #expect(InstanceAssignment.provisionalRange(instanceCount: 8) == 4..<8)
        #expect(InstanceAssignment.provisionalRange(instanceCount: 1) == 0..<1)
    }

    @Test("the reuse horizon in milliseconds is never negative and saturates")
    func horizonMilliseconds() {
        #expect(InstanceRegistryConfiguration().reuseHorizonMilliseconds == 90 * 86_400_000)
        #expect(InstanceRegistryConfiguration(reuseHorizon: .milliseconds(1_500)).reuseHorizonMilliseconds == 1_500)
        #expect(InstanceRegistryConfiguration(reuseHorizon: .milliseconds(-500)).reuseHorizonMilliseconds == 0)
        #expect(InstanceRegistryConfiguration(reuseHorizon: .seconds(-3)).reuseHorizonMilliseconds == 0)
        #expect(InstanceRegistryConfiguration(reuseHorizon: .seconds(Int64.max)).reuseHorizonMilliseconds == Int64.max)
    }

    @Test("names: 1 to 128 bytes of UTF-8, no control characters")
    func names() throws {
        for bad in [
            "", String(repeating: "a", count: 129), String(repeating: "é", count: 65), "a\nb", "tab\t", "\u{7F}",
        ] {
            #expect {
                try RegistryName(bad)
            } throws: { ($0 as? InstanceRegistryError)?.code == .invalidName }
        }
        #expect(try RegistryName(String(repeating: "a", count: 128)).text.utf8.count == 128)
        #expect(try RegistryName(String(repeating: "é", count: 64)).text.utf8.count == 128)
        #expect(try RegistryName("account 42 ✓").description == "account 42 ✓")
        #expect(try RegistryName("a") < RegistryName("b"))
    }
}
