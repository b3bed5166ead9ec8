/// Keeps the optimizer from deleting work whose result a benchmark never uses.
public enum BlackHole {
    /// Takes a value and does nothing with it, opaquely to the optimizer.
    @inline(never) @_optimize(none)
    public static func consume<T>(_ value: T) {}
}
