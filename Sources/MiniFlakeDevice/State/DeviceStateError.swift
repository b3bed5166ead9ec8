/// Why a ``DeviceFlakeIssuer`` could not read, recover or store its state.
///
/// Issuing itself throws `FlakeError`; this error comes from making an issuer and from
/// the calls that change its state (`adopt(_:)`, `signOut()`,
/// `raiseMark(above:)`).
public struct DeviceStateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for the failure. New codes may be added, so a `switch`
    /// over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `corrupt_state`: the state cannot be used and cannot be recovered safely (for
        /// example an instance number the layout does not have in a registration).
        public static let corruptState = Code("corrupt_state")
        /// `unsupported_version`: the state file was written by a newer version of MiniFlake;
        /// it is left untouched.
        public static let unsupportedVersion = Code("unsupported_version")
        /// `storage_failed`: a file or directory operation failed; the message says which.
        public static let storageFailed = Code("storage_failed")
        /// `directory_busy`: another process held the directory lock for longer than
        /// ``DeviceFlakeIssuer/Configuration/lockWaitLimit``; retry later.
        public static let directoryBusy = Code("directory_busy")
        /// `invalid_process_kind`: a process kind is not 1 to 32 of `a-z`, `0-9` and `-`.
        public static let invalidProcessKind = Code("invalid_process_kind")
        /// `device_key_unavailable`: the device key could not be read or made (the Keychain is
        /// locked before the first unlock, or the key file cannot be written).
        public static let deviceKeyUnavailable = Code("device_key_unavailable")
        /// `registration_mismatch`: a registration names another installation, or an
        /// instance number the layout does not have.
        public static let registrationMismatch = Code("registration_mismatch")
        /// `no_free_instance`: every provisional number is held by another process kind in
        /// the directory or was left behind with identifiers ahead of the clock.
        public static let noFreeInstance = Code("no_free_instance")
    }

    /// What went wrong.
    public let code: Code
    /// One line for a person.
    public let message: String

    /// Makes an error.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message.
    public var description: String { "\(code): \(message)" }

    /// A file or directory operation failed.
    package static func storage(path: String, reason: String) -> DeviceStateError {
        DeviceStateError(.storageFailed, message: "\(path): \(reason)")
    }
}
