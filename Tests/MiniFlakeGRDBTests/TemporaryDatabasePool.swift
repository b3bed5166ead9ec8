#if GRDB
    import Foundation
    import GRDB

    /// A `DatabasePool` on a file in a fresh temporary directory, which is closed and deleted
    /// with the value.
    final class TemporaryDatabasePool: Sendable {
        let directory: URL
        let pool: DatabasePool

        init() throws {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("MiniFlakeGRDBTests-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            pool = try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path)
        }

        deinit {
            try? pool.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }
#endif
