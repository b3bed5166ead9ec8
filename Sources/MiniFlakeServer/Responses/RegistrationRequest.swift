#if Server
    /// The optional body of `PUT /v1/accounts/{account}/installations/{installation}`:
    /// `{"provisionalInstance": 700}`, the number the installation has used offline. Fields the
    /// service does not know are ignored.
    struct RegistrationRequest: Decodable, Sendable {
        /// The provisional number offered, kept when it is free in the account.
        let provisionalInstance: Int?
    }
#endif
