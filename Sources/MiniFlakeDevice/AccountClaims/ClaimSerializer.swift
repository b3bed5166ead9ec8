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

    /// Waits until every call asked for before this one has passed its turn on. Pair it with
    /// ``passTurn()`` (`defer`).
    package func takeTurn() async {
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

    /// Ends the caller's turn: the next call waiting runs.
    package func passTurn() {
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
