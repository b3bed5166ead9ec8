#if Server && GRDB
    /// The body of `PUT /devices/{installation}`: `{"provisionalInstance": 600}`, or `{}`, or no
    /// body at all.
    public struct DeviceRegistrationRequest: Codable, Sendable, Hashable {
        /// The instance number the device has made identifiers with offline, before it signed in;
        /// the registry keeps it when it is free in the account.
        public var provisionalInstance: Int?

        /// Makes a request body.
        public init(provisionalInstance: Int? = nil) {
            self.provisionalInstance = provisionalInstance
        }
    }
#endif
