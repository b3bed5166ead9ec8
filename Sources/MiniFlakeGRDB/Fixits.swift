#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeRegistry

    // Fix-its for the names of MiniFlakeGRDB 0.2.0 that 1.0 renamed or changed: each is declared
    // `unavailable`, so code written against 0.2.0 fails to compile with a message (and a
    // `renamed:` fix-it) that says what to write instead.
    //
    // None of these bodies can run: the compiler refuses every use of an unavailable declaration
    // outside another unavailable declaration. The 0.2.0 `receive` has no installation to pass
    // to the 1.0 one, so its body throws GRDB's misuse error instead.

    /// The name ``GRDBClientIDIntake`` had in 0.2.0.
    @available(*, unavailable, renamed: "GRDBClientIDIntake")
    public typealias ClientIDIntake = GRDBClientIDIntake

    extension GRDBClientIDIntake {
        /// The 0.2.0 name of ``MiniFlakeRegistry/IntakeOutcome``, as `ClientIDIntake.Outcome`.
        @available(*, unavailable, renamed: "IntakeOutcome")
        public typealias Outcome = IntakeOutcome

        /// The 0.2.0 call without the record's origin installation.
        @available(
            *, unavailable, renamed: "receive(rawID:account:installation:in:makeRecord:)",
            message: """
                pass the uploading installation's RegistryName as installation:, and add an \
                installation TEXT NOT NULL column to the records' table
                """
        )
        public func receive<Record: MutablePersistableRecord>(
            rawID: Int64,
            account: some DatabaseValueConvertible,
            in db: Database,
            makeRecord: (FlakeID) throws -> Record
        ) throws -> IntakeOutcome {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "receive without installation: is gone; pass the uploading installation")
        }
    }
#endif
