import MiniFlakeLease
import Synchronization

/// Collects lease events for assertions.
final class EventLog: Sendable {
    private let events = Mutex<[LeaseEvent]>([])

    var record: @Sendable (LeaseEvent) -> Void {
        { [self] event in events.withLock { $0.append(event) } }
    }

    var all: [LeaseEvent] { events.withLock { $0 } }

    func contains(where predicate: (LeaseEvent) -> Bool) -> Bool {
        events.withLock { $0.contains(where: predicate) }
    }
}
