#if Postgres
    import MiniFlakeLease
    import Synchronization

    /// Collects lease events.
    final class EventLog: Sendable {
        private let events = Mutex<[(at: ContinuousClock.Instant, event: LeaseEvent)]>([])

        var record: @Sendable (LeaseEvent) -> Void {
            { [self] event in events.withLock { $0.append((ContinuousClock.now, event)) } }
        }

        func first(where predicate: (LeaseEvent) -> Bool) -> ContinuousClock.Instant? {
            events.withLock { $0.first { predicate($0.event) }?.at }
        }

        var all: [LeaseEvent] { events.withLock { $0.map(\.event) } }
    }
#endif
