/// The device issuer's windows of ticks beyond the open one, kept in memory: the window reserved
/// ahead (the stored mark already covers it) and whether a reservation is under way. Changed
/// only under the issuer's `windows` lock, which also serialises opening the generator's window.
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

    /// Takes the ready window, if any.
    mutating func takeReady() -> Window? {
        defer { ready = nil }
        return ready
    }

    /// Marks a background reservation as started, unless one runs already or a window is ready:
    /// whether the caller should start one.
    mutating func startBackgroundReservation() -> Bool {
        guard !reservingInBackground, ready == nil else { return false }
        reservingInBackground = true
        return true
    }
}
