/// Why the generator made no identifier, before an issuer puts it in its own terms: a
/// generator error, or the window the generator issues in (its ceiling reached, closed, or
/// past its deadline).
@usableFromInline
package enum FlakeRefusal: Error, Sendable, Hashable {
    /// The clock, the layout or the lead refused (``FlakeError``).
    case flake(FlakeError)
    /// The identifiers would reach tick `tick`, at or past the window's `ceiling`.
    case ceiling(tick: Int64, ceiling: Int64)
    /// No window is open.
    case closed
    /// The window's deadline has passed.
    case expired

    /// The refusal as a ``FlakeError``, for a generator whose window never changes: its
    /// ceiling is the layout's end, and it is never closed and has no deadline, so only
    /// ``flake(_:)`` and a ceiling at the layout's end can happen.
    @usableFromInline
    func flakeError(maximumTick: Int64) -> FlakeError {
        switch self {
        case .flake(let error): error
        case .ceiling(let tick, _): .timestampOverflow(tick: tick, maximumTick: maximumTick)
        case .closed, .expired: .timestampOverflow(tick: maximumTick + 1, maximumTick: maximumTick)
        }
    }
}
