#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB

    /// A note in an app's own database: the pattern for a record identified by a ``FlakeID``.
    ///
    /// - The app makes one `FlakeMaker` when it starts and passes it wherever records are
    ///   created (an `InProcessFlakeMaker()`, or a `FlakeMaker(instance:)` with an instance
    ///   number stored per install, so two devices of one account rarely share a number).
    /// - A note takes its identifier when it is created, before it is saved: the identifier is
    ///   known at once, for the UI, for relations and for a later upload, and never changes.
    ///   Saving needs no round trip to learn it.
    /// - `id` is the `INTEGER PRIMARY KEY`, the rowid itself: no extra index, and `ORDER BY id`
    ///   is the order in which the app created its notes, whatever order they were saved in.
    struct Note: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
        var id: FlakeID
        var title: String
        var body: String

        /// Makes a new note with the next identifier of the app's generator.
        init(title: String, body: String = "", maker: FlakeMaker) throws(FlakeError) {
            self.init(id: try maker.nextBlocking(), title: title, body: body)
        }

        /// Wraps a note read back or made with a known identifier.
        init(id: FlakeID, title: String, body: String = "") {
            self.id = id
            self.title = title
            self.body = body
        }

        /// `CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)`.
        static func createTable(_ db: Database) throws {
            try db.create(table: databaseTableName) { t in
                t.primaryKey("id", .integer)
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
            }
        }
    }
#endif
