import MiniFlake
import MiniFlakeSupport

/// The POSIX file operations of the file lease, with errors as ``LeaseBackendError``.
typealias POSIXFile = POSIXFiles<LeaseBackendError>

extension LeaseBackendError: POSIXFileFailure {}
