#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Checks identifiers that arrive from outside, such as IDs a sync server receives from
/// devices that made them offline.
///
/// A client may send garbage, an identifier from its own clock's far future, or one made by
/// a generator it does not own. The validator rejects each with a distinct
/// ``FlakeValidationError``:
///
/// ```swift
/// let validator = FlakeValidator(maximumSkew: .seconds(5), allowedInstances: [3])
/// do {
///     let id = try validator.validate(rawValue: incoming)
/// } catch {
///     log("rejected \(incoming): \(error)")   // e.g. "is 3600000 ms in the future ..."
/// }
/// ```
///
/// Validation says an identifier is well-formed and plausible. It cannot prove who made it:
/// store client identifiers under a key that includes the account that sent them.
public struct FlakeValidator: Sendable {
    /// The layout identifiers are read with.
    public var layout: FlakeLayout
    /// How far past the clock an identifier's timestamp may be.
    public var maximumSkew: Duration
    /// The earliest timestamp accepted; when `nil`, the layout's second tick: the first (the
    /// epoch's millisecond for MiniFlake's layout) holds 0, the value of an unset integer, and
    /// the other small numbers below 2^(sequence + instance bits), and no issuer makes
    /// identifiers there. A sync server sets it to when its app first shipped.
    public var earliest: Date?
    /// The instance numbers accepted, or `nil` to accept every number.
    public var allowedInstances: Set<Int>?
    /// The instance numbers registered to the sender's account (an instance registry's live
    /// numbers), or `nil` to skip the check.
    public var registeredInstances: Set<Int>?
    /// The clock "now" is read from.
    public var clock: FlakeClock

    /// Makes a validator.
    ///
    /// - Parameters:
    ///   - layout: The layout identifiers are read with; MiniFlake's by default.
    ///   - maximumSkew: How far in the future a timestamp may be; 5 seconds by default, room
    ///     for a device's clock running fast.
    ///   - earliest: The earliest timestamp accepted; the layout's second tick when `nil`.
    ///   - allowedInstances: The instance numbers accepted; all when `nil`.
    ///   - registeredInstances: The numbers registered to the sender's account; unchecked when
    ///     `nil`.
    ///   - clock: Where "now" comes from; the system clock by default.
    public init(
        layout: FlakeLayout = .miniFlake,
        maximumSkew: Duration = .seconds(5),
        earliest: Date? = nil,
        allowedInstances: Set<Int>? = nil,
        registeredInstances: Set<Int>? = nil,
        clock: FlakeClock = .system
    ) {
        self.layout = layout
        self.maximumSkew = maximumSkew
        self.earliest = earliest
        self.allowedInstances = allowedInstances
        self.registeredInstances = registeredInstances
        self.clock = clock
    }

    /// Checks a raw identifier and returns it as a ``FlakeID``.
    ///
    /// The checks run in this order, and the first that fails is thrown: not negative, no bit
    /// above the layout's fields, not earlier than allowed, not further in the future than the skew allows, an allowed
    /// instance number, a registered instance number.
    ///
    /// - Throws: ``FlakeValidationError``.
    public func validate(rawValue: Int64) throws(FlakeValidationError) -> FlakeID {
        guard let id = FlakeID(rawValue: rawValue) else { throw .negative(rawValue) }
        try validate(id)
        return id
    }

    /// Checks an identifier.
    ///
    /// - Throws: ``FlakeValidationError`` for the first check that fails.
    public func validate(_ id: FlakeID) throws(FlakeValidationError) {
        let parts: FlakeParts
        do throws(FlakeError) {
            parts = try layout.checkedParts(of: id)
        } catch {
            throw .afterLastTick(error)
        }
        if let earliest = earliest?.millisecondsSince1970 {
            if parts.millisecondsSince1970 < earliest {
                throw .tooEarly(millisecondsSince1970: parts.millisecondsSince1970, earliest: earliest)
            }
        } else if parts.tick < 1 {
            throw .inFirstTick(rawValue: id.rawValue, layout: layout)
        }
        let now = clock.millisecondsSince1970()
        let ahead = parts.millisecondsSince1970 - now
        let skew = maximumSkew.milliseconds()
        if ahead > skew {
            throw .inFuture(aheadByMilliseconds: ahead, maximumSkewMilliseconds: skew)
        }
        if let allowedInstances, !allowedInstances.contains(parts.instanceNumber) {
            throw .instanceNotAllowed(parts.instanceNumber)
        }
        if let registeredInstances, !registeredInstances.contains(parts.instanceNumber) {
            throw .instanceNotRegistered(parts.instanceNumber)
        }
    }

    /// Whether an identifier passes every check.
    public func isValid(_ id: FlakeID) -> Bool {
        (try? validate(id)) != nil
    }
}
