/// Consecutive identifiers made by one batch call (``FlakeMaker/nextBlocking(count:)``,
/// `nextImmediately(count:)`, `try await next(count:)`).
///
/// A random-access collection that computes each identifier when it is read, so a batch of
/// any size costs the same to make. Its identifiers are unique and increasing.
public struct FlakeIDBatch: RandomAccessCollection, Sendable, Hashable {
    @usableFromInline let firstCounter: UInt64
    @usableFromInline let composer: FlakeComposer

    /// The position of the first identifier, always 0.
    public let startIndex: Int = 0
    /// The number of identifiers in the batch.
    public let endIndex: Int

    init(firstCounter: UInt64, count: Int, composer: FlakeComposer) {
        self.firstCounter = firstCounter
        self.endIndex = count
        self.composer = composer
    }

    /// The identifier at a position in the batch.
    @inlinable
    public subscript(position: Int) -> FlakeID {
        precondition(indices.contains(position), "FlakeIDBatch index \(position) out of range")
        return FlakeID(unchecked: composer.rawValue(counter: firstCounter &+ UInt64(position)))
    }

    /// Steps through the batch's identifiers without index checks.
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline var counter: UInt64

        @usableFromInline
        init(counter: UInt64, end: UInt64, composer: FlakeComposer) {
            self.counter = counter
            self.end = end
            self.composer = composer
        }
        @usableFromInline let end: UInt64
        @usableFromInline let composer: FlakeComposer

        /// The next identifier, or `nil` after the last.
        @inlinable
        public mutating func next() -> FlakeID? {
            guard counter < end else { return nil }
            defer { counter &+= 1 }
            return FlakeID(unchecked: composer.rawValue(counter: counter))
        }
    }

    /// An iterator over the batch, first identifier first.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(counter: firstCounter, end: firstCounter &+ UInt64(endIndex), composer: composer)
    }
}
