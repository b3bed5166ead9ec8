/// The device issuer's windows of ticks beyond the open one, kept in memory: the window reserved
/// ahead (the stored mark already covers it), whether a reservation is under way, and the
/// demand that sizes the next one. Changed only under the issuer's `windows` lock, which also
/// serialises opening the generator's window.
struct ReservedWindows: Sendable {
    /// A window reserved in the state file and not yet opened.
    struct Window: Sendable, Equatable {
        /// The ticks, `[start, end)`.
        var ticks: Range<Int64>
        /// The instance number the state held when it was reserved.
        var instance: Int
    }

    /// The next window, once reserved.
    var ready: Window?
    /// Whether a reservation runs in the background now.
    var reservingInBackground = false
    /// How large the next window is.
    var demand: ReservationDemand
    /// Counts `close()` calls: a background reservation asked for before one does not run
    /// after it.
    var closings = 0

    /// Takes the ready window, if any.
    mutating func takeReady() -> Window? {
        defer { ready = nil }
        return ready
    }

    /// Marks a background reservation as started, unless one runs already or a window is ready
    /// (or, unless `needed`, demand is too low to reserve ahead of need): the ``closings`` it
    /// was asked for after, when the caller should start one.
    mutating func startBackgroundReservation(needed: Bool) -> Int? {
        guard !reservingInBackground, ready == nil, needed || demand.reservesAhead else { return nil }
        reservingInBackground = true
        return closings
    }
}
