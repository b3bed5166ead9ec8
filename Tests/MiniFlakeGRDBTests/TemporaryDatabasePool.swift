#if GRDB
    import Foundation
    import GRDB
    import MiniFlakeTestSupport

    /// A `DatabasePool` on a file in a fresh temporary directory, which is closed and deleted
    /// with the value.
    final class TemporaryDatabasePool: Sendable {
        private let directory: TemporaryDirectory
        let pool: DatabasePool

        init() throws {
            directory = try TemporaryDirectory(prefix: "MiniFlakeGRDBTests")
            pool = try DatabasePool(path: directory.appending("db.sqlite").path)
        }

        deinit {
            try? pool.close()
            directory.remove()
        }
    }
#endif
