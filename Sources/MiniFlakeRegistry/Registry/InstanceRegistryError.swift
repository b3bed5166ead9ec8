/// Why an ``InstanceRegistry`` could not do what it was asked.
public struct InstanceRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
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

        /// `invalid_name`: an account or installation name is empty, too long or has control
        /// characters.
        public static let invalidName = Code("invalid_name")
        /// `instance_out_of_range`: a provisional number is outside the layout's instance numbers.
        public static let instanceOutOfRange = Code("instance_out_of_range")
        /// `no_free_instance`: every number of the account is live, or retired within the reuse
        /// horizon.
        public static let noFreeInstance = Code("no_free_instance")
        /// `storage_failed`: the database failed; the message says how.
        public static let storageFailed = Code("storage_failed")
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

    /// The message.
    public var description: String { message }
}
