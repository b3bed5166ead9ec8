#if Server
    import Hummingbird
    import MiniFlakeRegistry

    extension FlakeServerError {
        /// The answer to a registry failure: 400 for a bad name or provisional number, 409 when
        /// the account has no number left, 503 with `Retry-After: 1` when the database failed,
        /// and 500 for a code this service does not know.
        init(registry error: InstanceRegistryError) {
            switch error.code {
            case .invalidName:
                self.init(.badRequest, code: .invalidName, message: error.message)
            case .instanceOutOfRange:
                self.init(.badRequest, code: .instanceOutOfRange, message: error.message)
            case .noFreeInstance:
                self.init(.conflict, code: .noFreeInstance, message: error.message)
            case .storageFailed:
                self.init(
                    .serviceUnavailable, code: .registryUnavailable,
                    message: "the instance registry failed: \(error.message)", retryAfter: .seconds(1))
            default:
                self.init(
                    .internalServerError, code: .internalError,
                    message: "the instance registry failed (\(error.code)): \(error.message)")
            }
        }

        /// 401 for a registry request without the bearer token, or with another.
        static let unauthorized = FlakeServerError(
            .unauthorized, code: .unauthorized,
            message: "this route needs the registry token: send 'Authorization: Bearer TOKEN'")

        /// 404 for retiring an installation that is not live in the account.
        static func installationNotFound(account: RegistryName, installation: RegistryName) -> FlakeServerError {
            FlakeServerError(
                .notFound, code: .installationNotFound,
                message:
                    "installation '\(installation.text.prefix(128))' is not live in account '\(account.text.prefix(128))'"
            )
        }

        /// 400 for an `account` in a validation request to a service without a registry.
        static let registryNotConfigured = FlakeServerError(
            .badRequest, code: .registryNotConfigured,
            message: "'account' needs an instance registry, and this service has none; leave it out")
    }
#endif
