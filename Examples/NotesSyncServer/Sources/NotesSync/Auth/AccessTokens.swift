#if Server && GRDB
    import Hummingbird
    import MiniFlakeRegistry

    /// Toy authentication: a fixed table of bearer tokens, each signed into one account.
    ///
    /// **Replace this with your own authentication** (sessions, OAuth, Sign in with Apple…). What
    /// matters for the sync scenario is only that the account comes from the authenticated
    /// session, never from the request body: a device cannot upload into another account by
    /// naming it.
    ///
    /// ```swift
    /// let tokens = try AccessTokens(["alice-secret": "alice", "bob-secret": "bob"])
    /// ```
    public struct AccessTokens: Sendable {
        private let accounts: [String: RegistryName]

        /// Makes the table from token → account name.
        ///
        /// - Throws: `InstanceRegistryError` (`invalid_name`) when an account name is empty, too
        ///   long or holds control characters.
        public init(_ accountsByToken: [String: String]) throws(InstanceRegistryError) {
            var accounts: [String: RegistryName] = [:]
            for (token, account) in accountsByToken {
                accounts[token] = try RegistryName(account)
            }
            self.accounts = accounts
        }

        /// The account the request's `Authorization: Bearer TOKEN` is signed into.
        ///
        /// - Throws: 401 `unauthorized` when the header is missing, not a bearer token, or names
        ///   an unknown token.
        public func account(for request: Request) throws(NotesSyncError) -> RegistryName {
            guard let header = request.headers[.authorization] else {
                throw .unauthorized("send Authorization: Bearer TOKEN")
            }
            let prefix = "bearer "
            guard header.count > prefix.count, header.lowercased().hasPrefix(prefix) else {
                throw .unauthorized("the Authorization header is not a bearer token")
            }
            let token = String(header.dropFirst(prefix.count))
            guard let account = accounts[token] else { throw .unauthorized("the token is not known") }
            return account
        }
    }
#endif
