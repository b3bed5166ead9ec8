import MiniFlake

/// Runs an issuer's claims and releases one at a time, in the order they were asked for, so that
/// two interleaved calls never take two numbers or release one being claimed. A waiting call
/// suspends its task; it never blocks a thread.
package final class ClaimSerializer: Sendable {
    /// Whether a call runs, and the calls waiting their turn.
    private struct Turns: Sendable {
        var running = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let turns = LockedValue(Turns())

    /// A serializer with nothing running.
    package init() {}

    /// How many calls wait for their turn now.
    package var waiting: Int { turns.withLock { $0.waiting.count } }

    /// Runs `body`, on the caller's isolation, once every call asked for before it has finished.
    package func run<Value, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        await takeTurn()
        defer { passTurn() }
        return try await body()
    }

    private func takeTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = turns.withLock { turns -> Bool in
                guard turns.running else {
                    turns.running = true
                    return true
                }
                turns.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func passTurn() {
        let next = turns.withLock { turns -> CheckedContinuation<Void, Never>? in
            guard !turns.waiting.isEmpty else {
                turns.running = false
                return nil
            }
            return turns.waiting.removeFirst()
        }
        next?.resume()
    }
}
