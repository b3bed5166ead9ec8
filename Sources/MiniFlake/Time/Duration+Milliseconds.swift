extension Duration {
    /// The duration in whole milliseconds: the one conversion from `Duration` to milliseconds in
    /// the package, so that every setting and message rounds the same way.
    ///
    /// Durations too long for `Int64` milliseconds saturate at `Int64.min` or `Int64.max`.
    ///
    /// - Parameter roundingUp: Round a partial millisecond up (toward positive infinity) rather
    ///   than down (toward negative infinity).
    package func milliseconds(roundingUp: Bool = false) -> Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        // `attoseconds` has the sign of `seconds` (or is zero), and is less than a second.
        var part = attoseconds / perMillisecond
        let remainder = attoseconds % perMillisecond
        if remainder > 0 && roundingUp { part += 1 }
        if remainder < 0 && !roundingUp { part -= 1 }
        let (sum, sumOverflow) = product.addingReportingOverflow(part)
        if sumOverflow { return seconds < 0 ? .min : .max }
        return sum
    }

    /// The duration as an HTTP `Retry-After` header says it: whole seconds, rounded up, at least
    /// 1 and at most `Int32.max`.
    package var retryAfterHeaderSeconds: Int {
        let milliseconds = self.milliseconds(roundingUp: true)
        let seconds = milliseconds / 1000 + (milliseconds % 1000 > 0 ? 1 : 0)
        return Int(min(Int64(Int32.max), max(1, seconds)))
    }

    /// The duration in seconds as a `Double`, for APIs that take a `TimeInterval`.
    package var secondsAsDouble: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
