import MiniFlake
import MiniFlakeDevice
import Testing

@Suite("ClaimSerializer: one claim or release of an issuer at a time")
struct ClaimSerializerTests {
    /// What the calls did, in order.
    private final class Log: Sendable {
        let entries = LockedValue<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    }

    /// Runs `body` in a turn of `serializer`.
    private func turn(_ serializer: ClaimSerializer, _ body: () -> Void) async {
        await serializer.takeTurn()
        defer { serializer.passTurn() }
        body()
    }

    @Test("a call asked for while another runs starts only once that one has finished, in order")
    func callsTakeTurns() async {
        let serializer = ClaimSerializer()
        let log = Log()
        let gate = LockedValue<CheckedContinuation<Void, Never>?>(nil)
        let first = Task {
            await serializer.takeTurn()
            defer { serializer.passTurn() }
            log.add("first started")
            await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } }
            log.add("first finished")
        }
        while gate.withLock({ $0 == nil }) { await Task.yield() }
        let second = Task { await turn(serializer) { log.add("second ran") } }
        while serializer.waiting < 1 { await Task.yield() }
        let third = Task { await turn(serializer) { log.add("third ran") } }
        while serializer.waiting < 2 { await Task.yield() }
        #expect(log.entries.withLock { $0 } == ["first started"])
        gate.withLock { $0 }?.resume()
        await first.value
        await second.value
        await third.value
        #expect(log.entries.withLock { $0 } == ["first started", "first finished", "second ran", "third ran"])
        #expect(serializer.waiting == 0)
    }
}
