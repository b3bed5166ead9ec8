#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import MiniFlakeServer
    import MiniFlakeTestSupport

    /// A ``TestService`` that also serves an instance registry kept in a real SQLite file in a
    /// temporary directory, on the service's manual clock.
    struct RegistryTestService {
        static let token = "s3cret-registry-token"
        static let authorized: HTTPFields = [.authorization: "Bearer \(token)"]

        let base: TestService
        let directory: TemporaryDirectory
        let configuration: FlakeServerConfiguration

        /// A service whose registry hands out the numbers of `layout`.
        init(layout: FlakeLayout = .miniFlake) throws {
            base = try TestService()
            directory = try TemporaryDirectory(prefix: "miniflake-registry-routes")
            let registry = try GRDBInstanceRegistry(
                path: directory.appending("registry.sqlite").path,
                configuration: InstanceRegistryConfiguration(layout: layout, clock: base.clock.flakeClock))
            var configuration = base.configuration
            configuration.registryAccess = RegistryAccess(registry: registry, bearerToken: Self.token)
            self.configuration = configuration
        }

        /// Deletes the registry's directory.
        func remove() {
            directory.remove()
        }

        var application: some ApplicationProtocol {
            FlakeServer.makeApplication(configuration: configuration, port: 0)
        }

        /// The headers of an authorized request, with a JSON body type.
        static var authorizedJSON: HTTPFields {
            var headers = authorized
            headers[.contentType] = "application/json"
            return headers
        }
    }

    /// The body of a registration.
    struct RegistrationBody: Decodable, Equatable {
        let account: String
        let installation: String
        let instance: Int
        let highestSeenID: String?
    }

    /// The body of an installation list.
    struct InstallationList: Decodable {
        struct Item: Decodable {
            let installation: String
            let instance: Int
            let registeredAt: String
            let lastSeenAt: String
            let retiredAt: String?
            let highestSeenID: String?
        }
        let installations: [Item]
    }
#endif
