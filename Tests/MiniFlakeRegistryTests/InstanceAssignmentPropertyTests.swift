import MiniFlake
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

/// Random sequences of registrations, retirements and clock moves over 8 instance numbers.
@Suite("Instance assignment, property")
struct InstanceAssignmentPropertyTests {
    /// The account's rows as a backend stores them, applying each decision as the backends do.
    struct Model {
        var holders: [RegistryName: InstanceAssignment.Holder] = [:]

        mutating func apply(
            _ decision: InstanceAssignment.Decision, to installation: RegistryName
        ) {
            guard case .assign(let instance, let forgotten) = decision else { return }
            if let forgotten { holders[forgotten] = nil }
            holders[installation] = InstanceAssignment.Holder(
                installation: installation, instance: instance, retiredAtMilliseconds: nil)
        }

        mutating func retire(_ installation: RegistryName, at now: Int64) -> Bool {
            guard holders[installation]?.retiredAtMilliseconds == nil, holders[installation] != nil else {
                return false
            }
            holders[installation]?.retiredAtMilliseconds = now
            return true
        }

        var live: [Int] { holders.values.filter { $0.retiredAtMilliseconds == nil }.map(\.instance) }
    }

    /// One step of a random sequence.
    enum Step: Sendable {
        case register(Int, provisional: Int?)
        case retire(Int)
        case advance(Int64)
    }

    static let instanceCount = 8
    static let horizon: Int64 = 1_000
    static let names: [RegistryName] = (0..<14).compactMap { try? RegistryName("installation-\($0)") }

    /// A random sequence of steps, the same for a seed.
    static func steps(count: Int, seed: UInt64) -> [Step] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let provisional: Int? =
                    Bool.random(using: &random) ? Int.random(in: 0..<instanceCount, using: &random) : nil
                return .register(Int.random(in: 0..<names.count, using: &random), provisional: provisional)
            case 6..<9:
                return .retire(Int.random(in: 0..<names.count, using: &random))
            default:
                return .advance(Int64.random(in: 0...(horizon * 2 / 3), using: &random))
            }
        }
    }

    @Test("no two live installations ever hold one number; a live pair keeps its number", arguments: [1, 2, 3])
    func neverShared(seed: UInt64) throws {
        var model = Model()
        var now: Int64 = 1_000_000
        var outcomes = (assigned: 0, existing: 0, full: 0, reused: 0)
        for step in Self.steps(count: 5_000, seed: seed) {
            switch step {
            case .register(let index, let provisional):
                let name = Self.names[index]
                let before = model.holders[name]
                let others = model.holders.values.filter { $0.installation != name }
                let decision: InstanceAssignment.Decision
                do {
                    decision = try InstanceAssignment.decide(
                        for: name, provisionalInstance: provisional, holders: Array(model.holders.values),
                        instanceCount: Self.instanceCount, nowMilliseconds: now, reuseHorizonMilliseconds: Self.horizon)
                } catch {
                    outcomes.full += 1
                    #expect(error.code == .noFreeInstance)
                    #expect(Set(others.map(\.instance)).isSuperset(of: 0..<Self.instanceCount))
                    continue
                }
                switch decision {
                case .existing(let instance):
                    outcomes.existing += 1
                    #expect(before?.instance == instance && before?.retiredAtMilliseconds == nil)
                case .assign(let instance, let forgotten):
                    outcomes.assigned += 1
                    #expect((0..<Self.instanceCount).contains(instance))
                    #expect(before == nil || before?.retiredAtMilliseconds != nil)
                    if let provisional, before == nil, !others.contains(where: { $0.instance == provisional }) {
                        #expect(instance == provisional)
                    }
                    if let forgotten {
                        outcomes.reused += 1
                        let old = try #require(model.holders[forgotten])
                        let retiredAt = try #require(old.retiredAtMilliseconds)
                        #expect(old.instance == instance && retiredAt + Self.horizon <= now)
                        // Reuse only when every number is held.
                        #expect(Set(others.map(\.instance)).isSuperset(of: 0..<Self.instanceCount))
                    }
                }
                model.apply(decision, to: name)
            case .retire(let index):
                _ = model.retire(Self.names[index], at: now)
            case .advance(let milliseconds):
                now += milliseconds
            }
            let live = model.live
            #expect(Set(live).count == live.count, "two live installations share a number: \(live.sorted())")
        }
        // The sequence reached every outcome, so the property was tested where it matters.
        #expect(outcomes.existing > 0 && outcomes.assigned > 0 && outcomes.full > 0 && outcomes.reused > 0)
    }
}
