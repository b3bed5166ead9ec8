#if Server && GRDB
    import GRDB
    import MiniFlake

    /// A note as the server stores it: keyed by (account, client ID), with the installation
    /// whose generator made the ID.
    struct ServerNote: Codable, Sendable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "note"

        /// The account the upload was authenticated as.
        var accountID: String
        /// The identifier the device made.
        var clientID: FlakeID
        /// The installation that made the identifier.
        var origin: String
        /// The note's title.
        var title: String

        /// The note as `GET /notes` lists it.
        var listed: UploadedNote {
            UploadedNote(id: clientID.description, origin: origin, title: title)
        }
    }
#endif
