/// A reference to a synchronization value (`LockedValue`, `AtomicWord`, once `Mutex`, `Atomic`), so that escaping
/// closures such as thread bodies and clock functions can share it.
final class Shared<Value: ~Copyable & Sendable>: Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
