#if GRDB
    import MiniFlake

    /// What a backfill did: how many rows it keyed, how many of them it carried into a later
    /// tick, and the highest ID it gave.
    public struct FlakeBackfillResult: Sendable, Hashable {
        /// The instance number in every ID given.
        public let instanceNumber: Int
        /// The rows given an ID: every row of the table.
        public let keyedRows: Int
        /// The rows whose tick held more rows than the sequence has numbers, so that their IDs
        /// were carried into a later tick, as a generator carries them.
        public let carriedRows: Int
        /// The highest ID given, `nil` for an empty table. An issuer that takes the same
        /// instance number afterwards must start above its tick.
        public let highestID: FlakeID?

        /// A result with these counts.
        public init(instanceNumber: Int, keyedRows: Int, carriedRows: Int, highestID: FlakeID?) {
            self.instanceNumber = instanceNumber
            self.keyedRows = keyedRows
            self.carriedRows = carriedRows
            self.highestID = highestID
        }
    }
#endif
