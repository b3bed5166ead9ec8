/// A step of `POSIXFiles.writeAtomically`, after which a simulation may let the process die.
package enum AtomicWriteStep: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The temporary file holds the new contents, not yet synced.
    case temporaryWritten
    /// The temporary file is synced.
    case temporarySynced
    /// The temporary file is renamed into place; the directory is not yet synced.
    case renamed
    /// The directory is synced: the write is done.
    case directorySynced

    /// The step's name, for a trace.
    package var description: String {
        switch self {
        case .temporaryWritten: "the temporary write"
        case .temporarySynced: "the temporary file's fsync"
        case .renamed: "the rename"
        case .directorySynced: "the directory's fsync"
        }
    }
}
