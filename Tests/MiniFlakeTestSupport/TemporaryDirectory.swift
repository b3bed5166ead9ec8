import Foundation

/// A fresh, empty directory under the system's temporary directory, removed by `remove()`.
///
/// Removal is explicit (`defer { directory.remove() }`) rather than on deinit, so that the
/// directory outlives every use of its path in the test, however early its last mention is.
package struct TemporaryDirectory: Sendable {
    /// The directory.
    package let url: URL

    /// The directory's path.
    package var path: String { url.path }

    /// Creates `<parent>/<prefix>-<UUID>`, in the system's temporary directory unless another
    /// parent is given.
    package init(prefix: String = "miniflake-tests", in parent: URL? = nil) throws {
        url = (parent ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory (nothing is created).
    package func appending(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Deletes the directory and everything in it; a directory already gone is no error.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
