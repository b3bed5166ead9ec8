#if Postgres
    import MiniFlake

    /// Runs an operation with a time limit, abandoning it (and cancelling it) when the limit
    /// passes, even if the operation ignores cancellation: a query stuck on a dead connection
    /// must not hold up the lease's renewal loop.
    enum TimeLimit {
        /// Thrown when the limit passed first.
        struct Expired: Error {}

        static func run<Value: Sendable>(
            within limit: Duration,
            _ operation: @escaping @Sendable () async throws -> Value
        ) async throws -> Value {
            let outcome = Outcome<Value>()
            let work = Task {
                do {
                    outcome.resolve(.success(try await operation()))
                } catch {
                    outcome.resolve(.failure(error))
                }
            }
            let timer = Task {
                do {
                    try await Task.sleep(for: limit)
                } catch {
                    return
                }
                if outcome.resolve(.failure(Expired())) { work.cancel() }
            }
            defer { timer.cancel() }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { outcome.attach($0) }
            } onCancel: {
                if outcome.resolve(.failure(CancellationError())) { work.cancel() }
            }
        }

        /// The first result of the operation, the timer or cancellation, handed to whoever
        /// waits for it.
        private final class Outcome<Value: Sendable>: Sendable {
            private enum State {
                case empty
                case waiting(CheckedContinuation<Value, any Error>)
                case resolved(Result<Value, any Error>)
                case done
            }

            private let state = LockedValue<State>(.empty)

            /// Delivers a result unless one was delivered already; `true` when this one won.
            @discardableResult
            func resolve(_ result: Result<Value, any Error>) -> Bool {
                let (won, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
                    switch state {
                    case .empty:
                        state = .resolved(result)
                        return (true, nil)
                    case .waiting(let continuation):
                        state = .done
                        return (true, continuation)
                    case .resolved, .done:
                        return (false, nil)
                    }
                }
                waiting?.resume(with: result)
                return won
            }

            func attach(_ continuation: CheckedContinuation<Value, any Error>) {
                let early: Result<Value, any Error>? = state.withLock { state in
                    if case .resolved(let result) = state {
                        state = .done
                        return result
                    }
                    state = .waiting(continuation)
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        }
    }
#endif
