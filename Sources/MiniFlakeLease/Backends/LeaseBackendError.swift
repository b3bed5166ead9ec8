/// Why a lease could not be claimed, renewed, released or listed, or why a lease setting
/// cannot work.
///
/// Issuing never throws this: a ``LeasedFlakeIssuer`` that cannot make an identifier throws
/// `FlakeError`. This error comes from ``InstanceLeaseBackend`` calls, from setting up an
/// issuer or a backend, and is reported through ``LeaseEvent`` and
/// ``LeasedFlakeIssuer/lastError``.
public struct LeaseBackendError: Error, Sendable, Hashable, CustomStringConvertible {
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

        /// Every instance number is leased to a live holder.
        public static let noFreeInstance = Code("no_free_instance")
        /// The backend no longer holds this lease for us: it expired there and may now belong
        /// to another holder, or it was released.
        public static let lost = Code("lost")
        /// The backend could not be reached or refused the request; the issuer keeps retrying.
        public static let unavailable = Code("unavailable")
        /// The backend refused the request because a concurrent transaction conflicted with it
        /// (a serialization failure or a deadlock); trying again at once may succeed.
        public static let conflict = Code("conflict")
        /// A request to the backend did not finish in time.
        public static let timedOut = Code("timed_out")
        /// A file or directory of a file lease could not be read or written.
        public static let storage = Code("storage")
        /// A setting cannot work, such as a safety margin longer than the lease.
        public static let invalidConfiguration = Code("invalid_configuration")
        /// ``LeasedFlakeIssuer/run()`` was called while it was already running.
        public static let alreadyRunning = Code("already_running")
    }

    /// What went wrong.
    public let code: Code
    /// The instance number the failure concerns, when there is one (``Code/lost``).
    public let instanceNumber: Int?
    /// One line for a person, saying what went wrong.
    public let message: String

    /// One line for a person, saying what went wrong.
    public var description: String { message }

    /// Makes an error; backends of your own may use codes of their own.
    public init(_ code: Code, instanceNumber: Int? = nil, message: String) {
        self.code = code
        self.instanceNumber = instanceNumber
        self.message = message
    }

    /// Every instance number is leased to a live holder.
    public static func noFreeInstance(capacity: Int) -> Self {
        Self(.noFreeInstance, message: "all \(capacity) instance numbers are leased by live holders")
    }

    /// The backend no longer holds this lease for us.
    public static func lost(instanceNumber: Int) -> Self {
        Self(
            .lost, instanceNumber: instanceNumber,
            message:
                "the lease on instance number \(instanceNumber) is gone (expired or released); it may belong to another holder"
        )
    }

    /// The backend could not be reached or refused the request.
    public static func unavailable(_ reason: String) -> Self {
        Self(.unavailable, message: "the lease backend is unavailable: \(reason)")
    }

    /// A concurrent transaction conflicted with the request; trying again at once may succeed.
    public static func conflict(_ reason: String) -> Self {
        Self(.conflict, message: "the lease backend refused a conflicting transaction: \(reason)")
    }

    /// A request to the backend did not finish in time.
    public static func timedOut(operation: String, after: Duration) -> Self {
        Self(.timedOut, message: "\(operation) did not finish within \(after)")
    }

    /// A file or directory of a file lease could not be read or written.
    public static func storage(path: String, reason: String) -> Self {
        Self(.storage, message: "lease file \(path): \(reason)")
    }

    /// A setting cannot work.
    public static func invalidConfiguration(_ reason: String) -> Self {
        Self(.invalidConfiguration, message: "invalid lease configuration: \(reason)")
    }

    /// ``LeasedFlakeIssuer/run()`` was called while it was already running.
    public static let alreadyRunning = Self(.alreadyRunning, message: "run() is already running")
}
