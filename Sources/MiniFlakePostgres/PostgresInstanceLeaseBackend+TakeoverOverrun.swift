#if Postgres
    import MiniFlakeLease

    /// `miniflake_reserve_instance` (sql/miniflake.sql) takes a number whose holder may not have
    /// released it after waiting the longest lease in the table plus one second, and starts
    /// above that: a holder must stop issuing within one second past its lease's end.
    extension PostgresInstanceLeaseBackend: TakeoverOverrunBound {
        /// One second: what `miniflake_reserve_instance` waits beyond the longest lease.
        package var takeoverOverrun: Duration { .seconds(1) }
    }
#endif
