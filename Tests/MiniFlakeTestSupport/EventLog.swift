import MiniFlake
import MiniFlakeLease

/// Collects lease events, each with the moment it arrived, for assertions.
package final class EventLog: Sendable {
    /// One event and when it was recorded.
    private struct Entry: Sendable {
        let at: ContinuousClock.Instant
        let event: LeaseEvent
    }

    private let entries = LockedValue<[Entry]>([])

    /// An empty log.
    package init() {}

    /// A handler that appends each event it is given (pass it as a lease's `onEvent`).
    package var record: @Sendable (LeaseEvent) -> Void {
        { [self] event in entries.withLock { $0.append(Entry(at: .now, event: event)) } }
    }

    /// Every event so far, oldest first.
    package var all: [LeaseEvent] { entries.withLock { $0.map(\.event) } }

    /// Whether any event so far satisfies `predicate`.
    package func contains(where predicate: (LeaseEvent) -> Bool) -> Bool {
        entries.withLock { $0.contains { predicate($0.event) } }
    }

    /// When the first event that satisfies `predicate` was recorded; nil when none has.
    package func first(where predicate: (LeaseEvent) -> Bool) -> ContinuousClock.Instant? {
        entries.withLock { $0.first { predicate($0.event) }?.at }
    }
}
