/// A module's error for a failed file operation of ``POSIXFiles``.
package protocol POSIXFileFailure: Error {
    /// The error for `path`, with a reason for a person (which includes `errno`'s text).
    static func storage(path: String, reason: String) -> Self
}
