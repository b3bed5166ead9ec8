// The Fluent examples of the MiniFlake catalog's "IDs where the data lives", as they appear there (the
// MiniFlakeVapor landing page's "Time ranges" block is the body of `notes(on:from:to:)`).
#if Vapor
    import Fluent
    import Foundation
    import MiniFlake
    import MiniFlakeVapor
    import Vapor

    func configureTimeRanges(_ app: Application) {
        app.migrations.add(FlakeSQLMigration())  // PostgreSQL: the functions; elsewhere: nothing
    }

    func notes(on db: any Database, from start: Date, to end: Date) async throws -> [ArticleNote] {
        let ids = try FlakeLayout.miniFlake.ids(from: start, to: end)
        return try await ArticleNote.query(on: db)
            .filter(\.$id >= ids.lowerBound).filter(\.$id < ids.upperBound)
            .sort(\.$id).all()
    }
#endif
