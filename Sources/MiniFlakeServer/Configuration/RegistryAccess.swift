#if Server
    import MiniFlakeRegistry

    /// The instance registry the service exposes over HTTP, and the bearer token that guards it.
    ///
    /// With a ``FlakeServerConfiguration/registryAccess`` set, the service mounts the registry's
    /// routes (see ``RegistryRoutes``) and `POST /v1/ids/validate` accepts an `account`. Every
    /// one of those requests must carry `Authorization: Bearer TOKEN`; the token is compared
    /// in constant time. Without a registry access the routes do not exist (404).
    ///
    /// ```swift
    /// let registry = try GRDBInstanceRegistry(path: "miniflake-registry.sqlite")
    /// let configuration = FlakeServerConfiguration(
    ///     issuer: try FlakeMaker(instance: 7),
    ///     registryAccess: RegistryAccess(registry: registry, bearerToken: token))
    /// ```
    public struct RegistryAccess: Sendable {
        /// Where installations are registered.
        public var registry: any InstanceRegistry
        /// The token's bytes; kept as bytes so that the comparison never depends on Unicode rules.
        private let tokenBytes: [UInt8]

        /// Describes access to a registry.
        ///
        /// - Parameters:
        ///   - registry: Where installations are registered.
        ///   - bearerToken: The token requests must send as `Authorization: Bearer TOKEN`. An
        ///     empty token authorizes no request.
        public init(registry: any InstanceRegistry, bearerToken: String) {
            self.registry = registry
            self.tokenBytes = Array(bearerToken.utf8)
        }

        /// Whether an `Authorization` header carries the token: the `Bearer` scheme (any
        /// case), one or more spaces, then the token, compared in constant time.
        func authorizes(authorization: String?) -> Bool {
            guard !tokenBytes.isEmpty, let authorization else { return false }
            let bytes = Array(authorization.utf8)
            let scheme = Array("bearer".utf8)
            guard bytes.count > scheme.count,
                zip(bytes, scheme).allSatisfy({ ($0 | 0x20) == $1 }),
                bytes[scheme.count] == UInt8(ascii: " ")
            else { return false }
            let presented = bytes.dropFirst(scheme.count).drop { $0 == UInt8(ascii: " ") }
            return Self.constantTimeEqual(Array(presented), tokenBytes)
        }

        /// Compares two byte strings in time that depends only on their lengths, never on where
        /// they first differ.
        static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
            var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
            let count = max(lhs.count, rhs.count)
            for index in 0..<count {
                let left = index < lhs.count ? lhs[index] : 0
                let right = index < rhs.count ? rhs[index] : 0
                difference |= left ^ right
            }
            return difference == 0
        }
    }
#endif
