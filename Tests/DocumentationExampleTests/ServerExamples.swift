#if Server
    import Foundation
    import Hummingbird
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeServer
    import Testing

    /// The first Swift block of the MiniFlakeServer catalog's landing page, as it appears there.
    /// Compiled, never run: it serves until SIGTERM.
    func serveWithAGivenInstanceNumber() async throws {
        let configuration = FlakeServerConfiguration(issuer: try FlakeMaker(instance: 7))
        try await FlakeServer.run(configuration: configuration, host: "127.0.0.1", port: 8080)
    }

    // The Swift block of "Mounting the routes in your Hummingbird application" in
    // RunningTheHTTPService.md, as it appears there.

    struct AppRequestContext: RequestContext {
        var coreContext: CoreRequestContextStorage

        init(source: ApplicationRequestContextSource) {
            coreContext = CoreRequestContextStorage(source: source)
        }
    }

    func makeApplication() throws -> some ApplicationProtocol {
        let configuration = FlakeServerConfiguration(issuer: try FlakeMaker(instance: 7))
        let router = Router(context: AppRequestContext.self)
        router.get("/hello") { _, _ in "hello" }
        router.addRoutes(FlakeRoutes(configuration: configuration).collection, atPath: "/ids")
        return Application(router: router, configuration: ApplicationConfiguration(address: .hostname(port: 8080)))
    }

    // The Swift block of "Registry" in RunningTheHTTPService.md, as it appears there.

    func makeApplicationWithRegistry(path: String, token: String) throws -> some ApplicationProtocol {
        let registry = try GRDBInstanceRegistry(path: path)
        let configuration = FlakeServerConfiguration(
            issuer: try FlakeMaker(instance: 7),
            registryAccess: RegistryAccess(registry: registry, bearerToken: token))
        let router = Router(context: AppRequestContext.self)
        router.addRoutes(FlakeRoutes(configuration: configuration).collection, atPath: "/ids")
        router.addRoutes(RegistryRoutes(configuration: configuration).collection, atPath: "/ids")
        return Application(router: router, configuration: ApplicationConfiguration(address: .hostname(port: 8080)))
    }

    @Suite("Documentation: the HTTP service")
    struct ServerExamples {
        @Test("Mounting the routes in an application builds it")
        func mount() throws {
            _ = try makeApplication()
        }

        @Test("Mounting the registry's routes next to the ID routes builds the application")
        func mountRegistry() throws {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("miniflake-docs-registry-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            _ = try makeApplicationWithRegistry(
                path: directory.appendingPathComponent("registry.sqlite").path, token: "docs-token")
        }
    }
#endif
