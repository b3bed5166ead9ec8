#if Server
    import Hummingbird
    import MiniFlake
    import MiniFlakeRegistry

    /// The code behind the registry's routes: each checks the bearer token first, then the names
    /// in the path, then asks the registry, and counts what happened.
    struct RegistryRouteHandlers: Sendable {
        let access: RegistryAccess
        let configuration: FlakeServerConfiguration

        var metrics: FlakeServerMetrics { configuration.metrics }

        /// `PUT /v1/accounts/{account}/installations/{installation}`: registers the installation,
        /// 201 the first time and 200 with the same number after.
        func register(_ request: Request, account: String?, installation: String?) async throws(FlakeServerError)
            -> Response
        {
            try authorize(request)
            let account = try Self.name(account ?? "", percentEncoded: true)
            let installation = try Self.name(installation ?? "", percentEncoded: true)
            let body = try await FlakeRouteHandlers.decodeBody(
                request, as: RegistrationRequest.self, maximumBytes: configuration.maximumBodyBytes)
            let registration: InstanceRegistration
            do throws(FlakeServerError) {
                registration = try await calling { registry throws(InstanceRegistryError) in
                    try await registry.register(
                        account: account, installation: installation,
                        provisionalInstance: body?.provisionalInstance)
                }
            } catch {
                metrics.countRegistration(.failed)
                throw error
            }
            metrics.countRegistration(registration.isNew ? .created : .existing)
            return FlakeRouteHandlers.json(
                .json(encoding: RegistrationResponse(registration: registration)),
                status: registration.isNew ? .created : .ok)
        }

        /// `DELETE /v1/accounts/{account}/installations/{installation}`: retires the installation,
        /// 204; 404 `installation_not_found` when it is not live.
        func retire(_ request: Request, account: String?, installation: String?) async throws(FlakeServerError)
            -> Response
        {
            try authorize(request)
            let account = try Self.name(account ?? "", percentEncoded: true)
            let installation = try Self.name(installation ?? "", percentEncoded: true)
            let retired = try await calling { registry throws(InstanceRegistryError) in
                try await registry.retire(account: account, installation: installation)
            }
            guard retired else { throw .installationNotFound(account: account, installation: installation) }
            metrics.countRetirement()
            return Response(status: .noContent)
        }

        /// `GET /v1/accounts/{account}/installations`: every installation the registry remembers
        /// for the account, by instance number; an unknown account has none.
        func installations(_ request: Request, account: String?) async throws(FlakeServerError) -> Response {
            try authorize(request)
            let account = try Self.name(account ?? "", percentEncoded: true)
            let records = try await calling { registry throws(InstanceRegistryError) in
                try await registry.installations(of: account)
            }
            let body = InstallationListResponse(installations: records.map { .init(record: $0) })
            return FlakeRouteHandlers.json(.json(encoding: body))
        }

        /// Checks the request's `Authorization: Bearer TOKEN`.
        ///
        /// - Throws: `unauthorized` (401, with `WWW-Authenticate: Bearer`) when it is missing or
        ///   wrong.
        func authorize(_ request: Request) throws(FlakeServerError) {
            guard access.authorizes(authorization: request.headers[.authorization]) else { throw .unauthorized }
        }

        /// Calls the registry, counting and converting its failures.
        func calling<Value>(
            _ body: (any InstanceRegistry) async throws(InstanceRegistryError) -> Value
        ) async throws(FlakeServerError) -> Value {
            do {
                return try await body(access.registry)
            } catch {
                metrics.countRegistryError(error.code.rawValue)
                throw FlakeServerError(registry: error)
            }
        }

        /// Reads an account or installation name: from a path segment, percent-decoded first,
        /// or from a JSON string as it is.
        ///
        /// - Throws: `invalid_name` when it is empty, over 128 bytes, not UTF-8 once decoded, or
        ///   holds a control character.
        static func name(_ raw: String, percentEncoded: Bool) throws(FlakeServerError) -> RegistryName {
            var text = raw
            if percentEncoded, raw.utf8.contains(UInt8(ascii: "%")) {
                guard let decoded = raw.removingPercentEscapes else {
                    throw FlakeServerError(
                        .badRequest, code: .invalidName,
                        message: "a name in the path has a broken %-escape or is not UTF-8 once decoded")
                }
                text = decoded
            }
            do {
                return try RegistryName(text)
            } catch {
                throw FlakeServerError(registry: error)
            }
        }
    }
#endif
