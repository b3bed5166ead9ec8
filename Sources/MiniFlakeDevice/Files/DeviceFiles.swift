import MiniFlake
import MiniFlakeSupport

/// The POSIX file operations of the device state, with errors as ``DeviceStateError``.
typealias DeviceFiles = POSIXFiles<DeviceStateError>

extension DeviceStateError: POSIXFileFailure {}
