/// A lease backend whose numbers something else may take over by waiting a holder out for the
/// longest lease in the table plus a fixed overrun, with no word from the holder: PostgreSQL's
/// `miniflake_reserve_instance`. A ``LeasedFlakeIssuer`` on such a backend must stop issuing
/// within that overrun past its lease's end: its maximum lead, less its safety margin, may not
/// exceed ``takeoverOverrun``, and the issuer refuses a configuration that would.
package protocol TakeoverOverrunBound {
    /// How far past the end of its lease a holder may still issue (its lead past its deadline).
    var takeoverOverrun: Duration { get }
}
