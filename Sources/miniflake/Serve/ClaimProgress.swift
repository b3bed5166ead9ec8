#if CLI && Server
    import Logging
    import MiniFlake

    /// Says, while `miniflake serve` claims its instance number, what the claim waits for: a
    /// number its last holder did not hand back (a crash, a failover) is a takeover, which
    /// issues nothing for a lease duration plus the maximum lead (31 s by default), and claims
    /// that fail are retried. The HTTP port opens only after the claim, so the log is where the
    /// wait shows: never a silent minute.
    enum ClaimProgress {
        /// How often the log says the claim is still under way.
        static let interval = Duration.seconds(10)

        /// Runs `claim`, logging at the warning level every ``interval`` of `clock`'s time until
        /// it returns.
        ///
        /// - Parameters:
        ///   - place: Where the number is claimed, for the log.
        ///   - takeover: How long a takeover waits: the lease duration plus the maximum lead.
        ///   - clock: The clock the intervals are timed on; the system's in `serve`.
        /// - Throws: Whatever `claim` throws.
        static func logging<Value: Sendable>(
            place: String, takeover: Duration, logger: Logger, clock: FlakeClock = .system,
            _ claim: @escaping @Sendable () async throws -> Value
        ) async throws -> Value {
            try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask { try await claim() }
                group.addTask {
                    var waited = Duration.zero
                    while true {
                        do {
                            try await clock.sleep(for: interval)
                        } catch {
                            return nil
                        }
                        waited += interval
                        logger.warning("\(message(place: place, waited: waited, takeover: takeover))")
                    }
                }
                defer { group.cancelAll() }
                while let next = try await group.next() {
                    if let value = next { return value }
                }
                throw CancellationError()
            }
        }

        /// The line logged while the claim lasts.
        static func message(place: String, waited: Duration, takeover: Duration) -> String {
            "still claiming an instance number from \(place) after \(waited.components.seconds) s: "
                + "a number its last holder did not hand back (a crash, a failover) is taken over only after "
                + "that holder's lease and the maximum lead have run out (\(takeover.components.seconds) s here); "
                + "a failed claim is retried (see above)"
        }
    }
#endif
