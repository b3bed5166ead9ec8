#if Server
    import MiniFlake
    import MiniFlakeRegistry

    /// The body of `PUT /v1/accounts/{account}/installations/{installation}`:
    /// `{"account":"…","highestSeenID":"960471290085376007","installation":"…","instance":3}`;
    /// `highestSeenID` is `null` while the registry has seen no ID from the installation.
    struct RegistrationResponse: Encodable {
        /// The registration answered.
        let registration: InstanceRegistration

        private enum CodingKeys: String, CodingKey {
            case account, installation, instance, highestSeenID
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(registration.account.text, forKey: .account)
            try container.encode(registration.installation.text, forKey: .installation)
            try container.encode(registration.instance, forKey: .instance)
            try container.encode(registration.highestSeenID.map { String($0.rawValue) }, forKey: .highestSeenID)
        }
    }
#endif
