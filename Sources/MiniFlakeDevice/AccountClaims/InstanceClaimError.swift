/// Why a claim of an instance number, or a store under it, did not succeed.
///
/// ``AccountInstanceClaims`` throws it with ``retryAfter`` set: the installation stays provisional
/// (or keeps the number it had), and the app tries again after that long. An
/// ``InstanceClaimStore`` throws it too; the codes `record_exists`, `record_changed` and
/// `record_missing` are the store's answers that the claimer handles itself.
public struct InstanceClaimError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for a failure. New codes may be added, so a `switch`
    /// over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `no_account`: no account is signed in (CloudKit: `accountStatus()` is not `.available`,
        /// or `CKError.notAuthenticated`). Try again when one is (CloudKit posts `CKAccountChanged`).
        public static let noAccount = Code("no_account")
        /// `account_changed`: the signed-in account changed while the store was bound to another.
        /// Try again at once: the next claim binds to the new account.
        public static let accountChanged = Code("account_changed")
        /// `network_unavailable`: the server could not be reached.
        public static let networkUnavailable = Code("network_unavailable")
        /// `rate_limited`: the server asked to be left alone for ``InstanceClaimError/retryAfter``
        /// (CloudKit: `requestRateLimited`, `serviceUnavailable`, `zoneBusy`).
        public static let rateLimited = Code("rate_limited")
        /// `zone_missing`: the place the records live is gone (CloudKit: `zoneNotFound`, or
        /// `userDeletedZone` after the user deleted the app's iCloud data). The claimer makes it
        /// again with ``InstanceClaimStore/prepare()``.
        public static let zoneMissing = Code("zone_missing")
        /// `unknown_outcome`: the reply to a write was lost; it may have been saved.
        public static let unknownOutcome = Code("unknown_outcome")
        /// `store_failed`: another failure of the store; the message says which.
        public static let storeFailed = Code("store_failed")
        /// `no_free_instance`: every number the claimer tried was held by a live installation.
        public static let noFreeInstance = Code("no_free_instance")
        /// `device_state_failed`: the issuer could not store the claimed number (a
        /// `DeviceStateError`, quoted in the message).
        public static let deviceStateFailed = Code("device_state_failed")
        /// `record_exists` (a store's answer): ``InstanceClaimStore/create(_:)`` found the name
        /// taken; ``InstanceClaimError/serverRecord`` is the server's record.
        public static let recordExists = Code("record_exists")
        /// `record_changed` (a store's answer): ``InstanceClaimStore/replace(_:)`` found the record
        /// changed; ``InstanceClaimError/serverRecord`` is the server's record.
        public static let recordChanged = Code("record_changed")
        /// `record_missing` (a store's answer): ``InstanceClaimStore/replace(_:)`` found no record.
        public static let recordMissing = Code("record_missing")
    }

    /// What went wrong.
    public let code: Code
    /// One line for a person.
    public let message: String
    /// How long to wait before trying again, when the server said or the claimer suggests it.
    public var retryAfter: Duration?
    /// The server's record, for ``Code/recordExists`` and ``Code/recordChanged``.
    public var serverRecord: InstanceClaimRecord?

    /// Makes an error.
    public init(
        _ code: Code, message: String, retryAfter: Duration? = nil, serverRecord: InstanceClaimRecord? = nil
    ) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.serverRecord = serverRecord
    }

    /// The code and the message.
    public var description: String { "\(code): \(message)" }
}
