#if Server && GRDB
    import Hummingbird
    import MiniFlake
    import MiniFlakeRegistry

    /// The answer to `PUT /devices/{installation}`: the number the installation makes
    /// identifiers with in the signed-in account.
    ///
    /// ```json
    /// {"account": "alice", "installation": "3F2A…", "instance": 600, "isNew": true}
    /// ```
    public struct DeviceRegistrationResponse: Codable, Sendable, Hashable, ResponseEncodable {
        /// The account the session is signed into.
        public var account: String
        /// The installation, as named in the path.
        public var installation: String
        /// Its instance number in the account.
        public var instance: Int
        /// Whether this request registered it (201), or answered an earlier registration (200).
        public var isNew: Bool
        /// The highest identifier the server has seen from the installation, as a decimal
        /// string, if any: the device raises its high-water mark above it.
        public var highestSeenID: String?

        /// Makes an answer.
        public init(account: String, installation: String, instance: Int, isNew: Bool, highestSeenID: String? = nil) {
            self.account = account
            self.installation = installation
            self.instance = instance
            self.isNew = isNew
            self.highestSeenID = highestSeenID
        }

        /// The answer for a registry's registration.
        public init(_ registration: InstanceRegistration) {
            self.init(
                account: registration.account.text, installation: registration.installation.text,
                instance: registration.instance, isNew: registration.isNew,
                highestSeenID: registration.highestSeenID?.description)
        }
    }
#endif
