import MiniFlake

/// Something that hands out ``MiniFlake/FlakeID``s: a plain generator, or one whose instance
/// number is leased and may be lost.
///
/// Services take an issuer rather than a ``MiniFlake/FlakeMaker`` so that the same code serves
/// a fixed instance number, the in-process pool, and leases that can expire. An issuer that
/// holds no instance number right now throws instead of making an identifier.
public protocol FlakeIssuer: Sendable {
    /// The layout of the identifiers this issuer makes.
    var layout: FlakeLayout { get }

    /// The instance number identifiers are made with right now, or `nil` when the issuer holds
    /// none (a lease was lost and not yet regained).
    var currentInstanceNumber: Int? { get }

    /// The largest batch ``next(count:)`` accepts.
    var maximumBatchCount: Int { get }

    /// Makes the next identifier.
    func next() throws -> FlakeID

    /// Makes `count` consecutive identifiers in one step.
    func next(count: Int) throws -> FlakeIDBatch
}

extension FlakeMaker: FlakeIssuer {
    /// A plain generator always holds its instance number.
    public var currentInstanceNumber: Int? { instanceNumber }
}
