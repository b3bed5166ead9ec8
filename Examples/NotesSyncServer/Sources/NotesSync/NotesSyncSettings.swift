#if Server && GRDB
    import Foundation
    import MiniFlake
    import MiniFlakeRegistry

    /// The sync server's limits and its clock.
    public struct NotesSyncSettings: Sendable {
        /// How far ahead of the server's clock an uploaded identifier's time may be, in
        /// milliseconds: one day by default.
        ///
        /// Generous on purpose. A phone's clock is usually within seconds, but a user may set a
        /// wrong date or time zone by hand; notes made then should still sync. A day still
        /// refuses garbage and identifiers from years ahead (`in_future`).
        public var maximumSkew: Duration
        /// The earliest time an uploaded identifier may have: when the app first shipped,
        /// 2025-01-01 by default. No real note is older, and it refuses 0 (a note whose `id` was
        /// never set) and other small numbers with `too_early`.
        public var earliest: Date
        /// The most notes one `POST /notes` may carry; 500 by default.
        public var maximumNotesPerUpload: Int
        /// The most bytes a request body may have; 1 MiB by default.
        public var maximumBodyBytes: Int
        /// The most bytes of UTF-8 a note's title may have; 1,000 by default.
        public var maximumTitleBytes: Int
        /// Where "now" comes from, for the validator and the registry.
        public var clock: FlakeClock
        /// The registry's layout and reuse horizon; its clock is replaced by ``clock``.
        public var registry: InstanceRegistryConfiguration

        /// Makes settings.
        ///
        /// - Parameters:
        ///   - maximumSkew: How far ahead of the clock an identifier may be.
        ///   - earliest: The earliest time an identifier may have.
        ///   - maximumNotesPerUpload: The most notes per upload.
        ///   - maximumBodyBytes: The most bytes per request body.
        ///   - maximumTitleBytes: The most bytes per title.
        ///   - clock: Where "now" comes from.
        ///   - registry: The registry's settings.
        public init(
            maximumSkew: Duration = .seconds(86_400),
            earliest: Date = Date(timeIntervalSince1970: 1_735_689_600),
            maximumNotesPerUpload: Int = 500,
            maximumBodyBytes: Int = 1 << 20,
            maximumTitleBytes: Int = 1_000,
            clock: FlakeClock = .system,
            registry: InstanceRegistryConfiguration = .init()
        ) {
            self.maximumSkew = maximumSkew
            self.earliest = earliest
            self.maximumNotesPerUpload = maximumNotesPerUpload
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumTitleBytes = maximumTitleBytes
            self.clock = clock
            self.registry = registry
            self.registry.clock = clock
        }
    }
#endif
