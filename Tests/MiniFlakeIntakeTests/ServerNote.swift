#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB

    /// A note as a sync server stores it: keyed by the account that uploaded it and the
    /// identifier the client gave it offline, with the installation that made the identifier.
    struct ServerNote: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "note"

        var accountID: String
        var clientID: FlakeID
        var installation: String
        var title: String

        /// The server's table: `PRIMARY KEY (accountID, clientID)`, `STRICT`, `WITHOUT ROWID`,
        /// and a `CHECK` that the client identifier is not negative.
        static func createTable(_ db: Database) throws {
            try db.create(table: databaseTableName, options: [.strict, .withoutRowID]) { t in
                t.primaryKey {
                    t.column("accountID", .text)
                    t.column("clientID", .integer).check { $0 >= 0 }
                }
                t.column("installation", .text).notNull()
                t.column("title", .text).notNull()
            }
        }
    }
#endif
